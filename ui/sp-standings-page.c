/* sp-standings-page.c: a tournament's standings, as they stand after the hands entered:
 * players and teams, each session's result, the tie-break that decided each rank.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "sp-column.h"
#include "sp-message.h"
#include "sp-standings-page.h"

/* One line of the standings: a player or a team. */
#define SP_TYPE_STANDING_ITEM (sp_standing_item_get_type ())
G_DECLARE_FINAL_TYPE (SpStandingItem, sp_standing_item, SP, STANDING_ITEM, GObject)

/* A player's result in one session, as its column shows it. */
typedef struct
{
  gboolean played;
  gint32   table_points_x12;
  gint64   score;
} SessionCell;

struct _SpStandingItem
{
  GObject      parent_instance;
  SpStanding   standing;
  char        *name;
  char        *marks;
  SpTieBreak   decider;      /* what told it from the line above; PRIMARY when nothing to say */
  /* Riichi: the score is tournament points in points (30,400: 30.4), the table points uma. */
  gboolean     riichi;
  guint        n_sessions;
  SessionCell *sessions;
};

G_DEFINE_FINAL_TYPE (SpStandingItem, sp_standing_item, G_TYPE_OBJECT)

/* "changed": the item now says something else; the cells showing it read it again. */
static guint item_changed_signal;

static void
sp_standing_item_finalize (GObject *object)
{
  SpStandingItem *self = SP_STANDING_ITEM (object);

  g_free (self->name);
  g_free (self->marks);
  g_free (self->sessions);
  G_OBJECT_CLASS (sp_standing_item_parent_class)->finalize (object);
}

static void
sp_standing_item_class_init (SpStandingItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_standing_item_finalize;
  item_changed_signal = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                      NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
sp_standing_item_init (SpStandingItem *self)
{
}

static gboolean
standing_equals (const SpStanding *a,
                 const SpStanding *b)
{
  return a->player == b->player && a->team == b->team && a->rank == b->rank
         && a->table_points_x12 == b->table_points_x12 && a->score == b->score
         && a->sessions == b->sessions && a->best_table_points_x12 == b->best_table_points_x12
         && memcmp (a->places, b->places, sizeof a->places) == 0;
}

static gboolean
cells_equal (const SessionCell *a,
             const SessionCell *b,
             guint              n)
{
  for (guint k = 0; k < n; k++)
    if (a[k].played != b[k].played || a[k].table_points_x12 != b[k].table_points_x12
        || a[k].score != b[k].score)
      return FALSE;
  return TRUE;
}

/* Whether @item already shows what the other fields say. */
static gboolean
item_equals (SpStandingItem    *item,
             const SpStanding  *standing,
             const char        *name,
             const char        *marks,
             SpTieBreak         decider,
             const SessionCell *sessions,
             guint              n_sessions)
{
  return standing_equals (&item->standing, standing)
         && g_strcmp0 (item->name, name) == 0 && g_strcmp0 (item->marks, marks) == 0
         && item->decider == decider && item->n_sessions == n_sessions
         && cells_equal (item->sessions, sessions, n_sessions);
}

static void
item_set (SpStandingItem    *item,
          const SpStanding  *standing,
          const char        *name,
          const char        *marks,
          SpTieBreak         decider,
          const SessionCell *sessions,
          guint              n_sessions)
{
  item->standing = *standing;
  if (g_strcmp0 (item->name, name) != 0)
    {
      g_free (item->name);
      item->name = g_strdup (name);
    }
  if (g_strcmp0 (item->marks, marks) != 0)
    {
      g_free (item->marks);
      item->marks = g_strdup (marks);
    }
  item->decider = decider;
  if (item->n_sessions != n_sessions)
    {
      g_free (item->sessions);
      item->sessions = g_new0 (SessionCell, n_sessions);
      item->n_sessions = n_sessions;
    }
  if (n_sessions > 0)
    memcpy (item->sessions, sessions, n_sessions * sizeof *sessions);
}

/* The lines of the standings, best first, as a list model whose items are changed in place: a
 * refresh after one hand changes only the cells of the lines that changed, and the view keeps
 * its place. */
#define SP_TYPE_STANDING_ROWS (sp_standing_rows_get_type ())
G_DECLARE_FINAL_TYPE (SpStandingRows, sp_standing_rows, SP, STANDING_ROWS, GObject)

struct _SpStandingRows
{
  GObject    parent_instance;
  GPtrArray *items;
};

static GType
rows_get_item_type (GListModel *model)
{
  return SP_TYPE_STANDING_ITEM;
}

static guint
rows_get_n_items (GListModel *model)
{
  return SP_STANDING_ROWS (model)->items->len;
}

static gpointer
rows_get_item (GListModel *model,
               guint       position)
{
  SpStandingRows *self = SP_STANDING_ROWS (model);

  return position < self->items->len ? g_object_ref (self->items->pdata[position]) : NULL;
}

static void
sp_standing_rows_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = rows_get_item_type;
  iface->get_n_items = rows_get_n_items;
  iface->get_item = rows_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (SpStandingRows, sp_standing_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      sp_standing_rows_list_model_init))

static void
sp_standing_rows_finalize (GObject *object)
{
  g_ptr_array_unref (SP_STANDING_ROWS (object)->items);
  G_OBJECT_CLASS (sp_standing_rows_parent_class)->finalize (object);
}

static void
sp_standing_rows_class_init (SpStandingRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_standing_rows_finalize;
}

static void
sp_standing_rows_init (SpStandingRows *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

struct _SpStandingsPage
{
  GtkBox parent_instance;

  SpDb *db;                           /* the view's, not owned */
  const SpTournament *tournament;     /* likewise */
  gint64 tournament_id;               /* the one whose lines are shown */

  SpStandingRows *standings;
  SpStandingRows *teams;
  guint n_session_columns;
  GPtrArray *session_columns;         /* GtkColumnViewColumn, one per session */
  gboolean loading_hide;

  /* Template children */
  GtkStackSwitcher *view_switcher;
  GtkSwitch *hide_switch;
  GtkLabel *pending_label;
  GtkStack *standings_stack;
  GtkStack *view_stack;
  GtkScrolledWindow *players_scroller;
  GtkColumnView *standings_view;
  GtkColumnView *teams_view;
  GtkColumnViewColumn *table_points_column; /* of standings_view: titled by the rules */
};

G_DEFINE_FINAL_TYPE (SpStandingsPage, sp_standings_page, GTK_TYPE_BOX)

typedef enum
{
  COLUMN_RANK,
  COLUMN_STANDING_NAME,
  COLUMN_TABLE_POINTS,
  COLUMN_SCORE,
  COLUMN_SESSIONS,
  COLUMN_MARKS,
  COLUMN_DECIDER,
  COLUMN_SESSION_FIRST, /* then one per session */
} Column;

/* The tie-break a line shows: what told it from the line above, else what told it from the
 * line below, so that both lines of a tie broken by the score (or shared) say so. */
static SpTieBreak
line_decider (GArray     *standings,
              guint       i,
              SpRanking   ranking)
{
  const SpStanding *line = &g_array_index (standings, SpStanding, i);
  SpTieBreak decider = SP_TIE_BREAK_PRIMARY;

  if (i > 0)
    decider = sp_standings_decider (line - 1, line, ranking);
  if (decider == SP_TIE_BREAK_PRIMARY && i + 1 < standings->len)
    decider = sp_standings_decider (line, line + 1, ranking);
  return decider;
}

/* What told a line from its neighbour, as the Tie-Break column says it. */
static const char *
decider_text (SpTieBreak decider)
{
  switch (decider)
    {
    case SP_TIE_BREAK_SCORE:
      return _("Score");
    case SP_TIE_BREAK_TABLE_POINTS:
      return _("Table points");
    case SP_TIE_BREAK_BEST_SESSION:
      return _("Best session");
    case SP_TIE_BREAK_FIRSTS:
      return _("More 1st places");
    case SP_TIE_BREAK_SECONDS:
      return _("More 2nd places");
    case SP_TIE_BREAK_THIRDS:
      return _("More 3rd places");
    case SP_TIE_BREAK_TIED:
      return _("Tied");
    case SP_TIE_BREAK_PRIMARY:
    default:
      return "";
    }
}

static char *
format_table_points (const SpStandingItem *item,
                     gint64                points_x12)
{
  /* Riichi's uma is a whole number of thousands, often half of one: one decimal. */
  if (item->riichi)
    return g_strdup_printf ("%.1f", points_x12 / (double) SP_TABLE_POINTS_SCALE);
  return g_strdup_printf ("%.2f", points_x12 / (double) SP_TABLE_POINTS_SCALE);
}

/* A score as the standings show it: riichi tournament points with one decimal (30.4). */
static char *
format_score (const SpStandingItem *item,
              gint64                score)
{
  if (item->riichi)
    return g_strdup_printf ("%.1f", score / 1000.0);
  return g_strdup_printf ("%" G_GINT64_FORMAT, score);
}

/* The text of a standings column, newly allocated. */
static char *
standing_text (SpStandingItem *item,
               int             column)
{
  switch (column)
    {
    case COLUMN_RANK:
      return g_strdup_printf ("%u", item->standing.rank);
    case COLUMN_STANDING_NAME:
      return g_strdup (item->name);
    case COLUMN_TABLE_POINTS:
      return format_table_points (item, item->standing.table_points_x12);
    case COLUMN_SCORE:
      return format_score (item, item->standing.score);
    case COLUMN_SESSIONS:
      return g_strdup_printf ("%u", item->standing.sessions);
    case COLUMN_MARKS:
      return g_strdup (item->marks);
    case COLUMN_DECIDER:
      return g_strdup (decider_text (item->decider));
    default:
      {
        guint k = column - COLUMN_SESSION_FIRST;
        g_autofree char *points = NULL;
        g_autofree char *score = NULL;

        if (k >= item->n_sessions || !item->sessions[k].played)
          return g_strdup ("–");
        points = format_table_points (item, item->sessions[k].table_points_x12);
        score = format_score (item, item->sessions[k].score);
        /* TRANSLATORS: a session's table points and score in a standings cell */
        return g_strdup_printf (_("%s · %s"), points, score);
      }
    }
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  SpStandingItem *sa = SP_STANDING_ITEM ((gpointer) a);
  SpStandingItem *sb = SP_STANDING_ITEM ((gpointer) b);
  int column = GPOINTER_TO_INT (user_data);

  switch (column)
    {
    case COLUMN_RANK:
      return sp_column_compare_numbers (sa->standing.rank, sb->standing.rank);
    case COLUMN_TABLE_POINTS:
      return sp_column_compare_numbers (sa->standing.table_points_x12,
                                        sb->standing.table_points_x12);
    case COLUMN_SCORE:
      return sp_column_compare_numbers (sa->standing.score, sb->standing.score);
    case COLUMN_SESSIONS:
      return sp_column_compare_numbers (sa->standing.sessions, sb->standing.sessions);
    case COLUMN_STANDING_NAME:
      return sp_column_compare_texts (sa->name, sb->name);
    case COLUMN_MARKS:
      return sp_column_compare_texts (sa->marks, sb->marks);
    case COLUMN_DECIDER:
      return sp_column_compare_numbers (sa->decider, sb->decider);
    default:
      {
        guint k = column - COLUMN_SESSION_FIRST;
        const SessionCell *x = k < sa->n_sessions ? &sa->sessions[k] : NULL;
        const SessionCell *y = k < sb->n_sessions ? &sb->sessions[k] : NULL;
        int c;

        if (x == NULL || y == NULL || x->played != y->played)
          return sp_column_compare_numbers (x != NULL && x->played, y != NULL && y->played);
        c = sp_column_compare_numbers (x->table_points_x12, y->table_points_x12);
        return c != 0 ? c : sp_column_compare_numbers (x->score, y->score);
      }
    }
}

/* Whether a column header sorts @view. */
static gboolean
is_sorted (GtkColumnView *view)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);

  return sorter != NULL && gtk_sorter_get_order (sorter) != GTK_SORTER_ORDER_NONE;
}

static void
cell_changed_cb (SpStandingItem *item,
                 GtkLabel       *label)
{
  g_autofree char *text = standing_text (item, GPOINTER_TO_INT (g_object_get_data (
                                                   G_OBJECT (label), "sp-column")));

  gtk_label_set_text (label, text != NULL ? text : "");
}

static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);
  gboolean text = column == COLUMN_STANDING_NAME || column == COLUMN_MARKS
                  || column == COLUMN_DECIDER;

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  /* As the other lists: a name is cut at its tenth character at the soonest. */
  if (column == COLUMN_STANDING_NAME)
    gtk_label_set_width_chars (GTK_LABEL (label), 10);
  gtk_label_set_xalign (GTK_LABEL (label), text ? 0 : 1);
  if (!text)
    gtk_widget_add_css_class (label, "numeric");
  g_object_set_data (G_OBJECT (label), "sp-column", user_data);
  gtk_list_item_set_child (list_item, label);
}

/* The cell follows its line's changes while it shows it. */
static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  SpStandingItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);

  cell_changed_cb (item, GTK_LABEL (label));
  sp_column_follow_item (list_item, G_CALLBACK (cell_changed_cb), label);
}

static void
cell_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  sp_column_unfollow_item (list_item);
}

/* A column of @view titled @title, its cells following their lines' changes. */
static GtkColumnViewColumn *
add_column (GtkColumnView *view,
            const char    *title,
            int            column,
            gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "unbind", G_CALLBACK (cell_unbind_cb), GINT_TO_POINTER (column));
  return sp_column_view_add (view, title, column, expand, factory, compare_items);
}

/* One column per session of the tournament, titled "1", "2"… after the totals. */
static void
update_session_columns (SpStandingsPage *self,
                        guint            n_sessions)
{
  if (self->session_columns->len == n_sessions)
    return;
  for (guint i = 0; i < self->session_columns->len; i++)
    gtk_column_view_remove_column (self->standings_view, self->session_columns->pdata[i]);
  g_ptr_array_set_size (self->session_columns, 0);
  for (guint k = 0; k < n_sessions; k++)
    {
      /* TRANSLATORS: the title of a session's column in the standings ("S1": session 1) */
      g_autofree char *title = g_strdup_printf (_("S%u"), k + 1);
      GtkColumnViewColumn *column;

      column = add_column (self->standings_view, title, COLUMN_SESSION_FIRST + k, FALSE);
      g_ptr_array_add (self->session_columns, g_object_ref (column));
    }
}

/* Changes the lines of @rows to say what those of @fresh say where they differ; lines added or
 * removed at the end are told as such.  When the view is @sorted by a column, each run of
 * changed lines is told too, for the sort to place them again. */
static void
update_rows (SpStandingRows *rows,
             GPtrArray      *fresh,
             gboolean        sorted)
{
  guint old_len = rows->items->len;
  guint common = MIN (old_len, fresh->len);
  guint run_start = 0;
  gboolean in_run = FALSE;

  for (guint i = 0; i <= common; i++)
    {
      gboolean changed = FALSE;

      if (i < common)
        {
          SpStandingItem *item = rows->items->pdata[i];
          SpStandingItem *next = fresh->pdata[i];

          changed = !item_equals (item, &next->standing, next->name, next->marks, next->decider,
                                  next->sessions, next->n_sessions)
                    || item->riichi != next->riichi;
          /* Changed in place, so that the view keeps each line where it is (and its place in
           * the list): only the cells showing the line read it again. */
          if (changed)
            {
              item_set (item, &next->standing, next->name, next->marks, next->decider,
                        next->sessions, next->n_sessions);
              item->riichi = next->riichi;
              g_signal_emit (item, item_changed_signal, 0);
            }
        }
      if (changed && !in_run)
        {
          run_start = i;
          in_run = TRUE;
        }
      else if (!changed && in_run)
        {
          /* Sorted by a column, the lines that changed may move. */
          if (sorted)
            g_list_model_items_changed (G_LIST_MODEL (rows), run_start, i - run_start,
                                        i - run_start);
          in_run = FALSE;
        }
    }
  if (fresh->len > old_len)
    {
      for (guint i = old_len; i < fresh->len; i++)
        g_ptr_array_add (rows->items, g_object_ref (fresh->pdata[i]));
      g_list_model_items_changed (G_LIST_MODEL (rows), old_len, 0, fresh->len - old_len);
    }
  else if (fresh->len < old_len)
    {
      g_ptr_array_remove_range (rows->items, fresh->len, old_len - fresh->len);
      g_list_model_items_changed (G_LIST_MODEL (rows), fresh->len, old_len - fresh->len, 0);
    }
}

/* The team standings from the players': each member's team by name, numbered in order of
 * first appearance, as the store numbers them. */
static void
load_teams (SpStandingsPage *self,
            GArray          *standings,
            GHashTable      *by_id,
            SpRanking        ranking)
{
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) members = g_array_copy (standings);
  g_autoptr(GArray) teams = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_ptr_array_add (names, (gpointer) "");
  for (guint i = 0; i < members->len; i++)
    {
      SpStanding *member = &g_array_index (members, SpStanding, i);
      gint64 id = member->player;
      const SpPlayer *player = g_hash_table_lookup (by_id, &id);

      member->team = 0;
      if (player == NULL || player->team == NULL || player->team[0] == '\0')
        continue;
      if (!g_hash_table_contains (numbers, player->team))
        {
          g_hash_table_insert (numbers, player->team, GUINT_TO_POINTER (names->len));
          g_ptr_array_add (names, player->team);
        }
      member->team = GPOINTER_TO_UINT (g_hash_table_lookup (numbers, player->team));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->view_switcher), names->len > 1);
  if (names->len <= 1)
    {
      gtk_stack_set_visible_child_name (self->view_stack, "players");
      update_rows (self->teams, items, FALSE);
      return;
    }

  teams = sp_standings_teams (members, ranking);
  for (guint i = 0; i < teams->len; i++)
    {
      const SpStanding *team = &g_array_index (teams, SpStanding, i);
      SpStandingItem *item = g_object_new (SP_TYPE_STANDING_ITEM, NULL);
      SpTieBreak decider = line_decider (teams, i, ranking == SP_RANKING_SCORE
                                                   ? SP_RANKING_SCORE : SP_RANKING_EMA);

      item_set (item, team, team->player < names->len ? names->pdata[team->player] : "", "",
                decider, NULL, 0);
      item->riichi = sp_ruleset_traits (self->tournament->ruleset)->places_by_uma;
      g_ptr_array_add (items, item);
    }
  /* As the players' lines: changed in place, the rows shown kept. */
  update_rows (self->teams, items, is_sorted (self->teams_view));
}

/* Two-key entry: how many hands do not count yet, above the standings; hidden when none. */
static void
show_pending (SpStandingsPage *self,
              guint            n_unconfirmed)
{
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->pending_label), n_unconfirmed > 0);
  if (n_unconfirmed == 0)
    return;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u hand awaits confirmation and is not counted yet; "
                                       "what it would add is in the players’ marks.",
                                       "%u hands await confirmation and are not counted yet; "
                                       "what they would add is in the players’ marks.",
                                       n_unconfirmed), n_unconfirmed);
  gtk_label_set_text (self->pending_label, text);
}

/* A player's mark with what his hands awaiting confirmation would add: "2 hands await
 * (+14)"; NULL when nothing awaits. */
static char *
pending_mark (SpStandingsPage      *self,
              const SpPendingHands *pending,
              const char           *marks)
{
  g_autofree char *score = NULL;
  g_autofree char *awaits = NULL;

  if (pending == NULL || pending->hands == 0)
    return NULL;
  if (sp_ruleset_traits (self->tournament->ruleset)->places_by_uma)
    score = g_strdup_printf ("%+.1f", (double) pending->score / 1000.0);
  else
    score = g_strdup_printf ("%+" G_GINT64_FORMAT, pending->score);
  /* TRANSLATORS: a player's hands awaiting confirmation (two-key entry), then what they would
   * add to his score, with its sign */
  awaits = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hand awaits (%s)",
                                         "%u hands await (%s)", pending->hands),
                            pending->hands, score);
  return marks[0] != '\0' ? g_strconcat (marks, " · ", awaits, NULL) : g_steal_pointer (&awaits);
}

/* Reads the standings again, as they stand after every hand entered so far, and changes only
 * the lines that moved. */
static void
load_standings (SpStandingsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) line_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree SessionCell *cells = NULL;
  g_autoptr(GArray) pending = NULL;
  SpRanking ranking = SP_RANKING_R98;
  guint n_unconfirmed = 0;
  guint n_sessions;

  if (self->db == NULL || self->tournament == NULL)
    return;
  standings = sp_db_compute_standings_by_session (self->db, self->tournament, &results,
                                                  &players, &error);
  if (standings != NULL)
    pending = sp_db_compute_pending (self->db, self->tournament, 0, &n_unconfirmed, &error);
  if (standings == NULL || pending == NULL)
    {
      sp_message_show_toast (GTK_WIDGET (self), error->message);
      return;
    }
  show_pending (self, n_unconfirmed);
  sp_ranking_from_string (self->tournament->ranking, &ranking);
  n_sessions = self->tournament->n_sessions;
  update_session_columns (self, n_sessions);

  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);
  for (guint i = 0; i < standings->len; i++)
    g_hash_table_insert (line_of,
                         GUINT_TO_POINTER (g_array_index (standings, SpStanding, i).player),
                         GUINT_TO_POINTER (i + 1));
  /* Each line's sessions, side by side. */
  cells = g_new0 (SessionCell, (gsize) MAX (standings->len, 1) * MAX (n_sessions, 1));
  for (guint i = 0; i < results->len; i++)
    {
      const SpSessionResult *result = &g_array_index (results, SpSessionResult, i);
      guint line = GPOINTER_TO_UINT (g_hash_table_lookup (line_of,
                                                          GUINT_TO_POINTER (result->player)));
      SessionCell *cell;

      if (line == 0 || result->session < 1 || result->session > n_sessions)
        continue;
      cell = &cells[(line - 1) * n_sessions + result->session - 1];
      cell->played = TRUE;
      cell->table_points_x12 += result->table_points_x12;
      cell->score += result->score;
    }

  for (guint i = 0; i < standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);
      gint64 id = standing->player;
      const SpPlayer *player = g_hash_table_lookup (by_id, &id);
      SpStandingItem *item = g_object_new (SP_TYPE_STANDING_ITEM, NULL);
      const char *marks = "";
      g_autofree char *awaiting = NULL;
      SpTieBreak decider;

      if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
        marks = _("Withdrawn");
      else if (player != NULL && (player->status == SP_PLAYER_SUBSTITUTE
                                  || player->substitute_for != 0))
        marks = _("Substitute");
      awaiting = pending_mark (self, sp_pending_hands_find (pending, standing->player), marks);
      decider = line_decider (standings, i, ranking);
      item_set (item, standing, player != NULL ? player->name : "",
                awaiting != NULL ? awaiting : marks, decider, &cells[i * n_sessions],
                n_sessions);
      item->riichi = sp_ruleset_traits (self->tournament->ruleset)->places_by_uma;
      g_ptr_array_add (fresh, item);
    }
  update_rows (self->standings, fresh, is_sorted (self->standings_view));
  gtk_stack_set_visible_child_name (self->standings_stack, fresh->len > 0 ? "list" : "empty");
  load_teams (self, standings, by_id, ranking);

  self->loading_hide = TRUE;
  {
    gboolean hide = FALSE;

    if (sp_db_get_hide_standings (self->db, self->tournament->id, &hide, NULL))
      gtk_switch_set_active (self->hide_switch, hide);
  }
  self->loading_hide = FALSE;
}

static void
hide_toggled_cb (SpStandingsPage *self)
{
  g_autoptr(GError) error = NULL;
  gboolean hide = gtk_switch_get_active (self->hide_switch);

  if (self->loading_hide || self->db == NULL || self->tournament == NULL)
    return;
  if (!sp_db_set_hide_standings (self->db, self->tournament->id, hide, &error))
    {
      sp_message_show_toast (GTK_WIDGET (self), error->message);
      self->loading_hide = TRUE;
      gtk_switch_set_active (self->hide_switch, !hide);
      self->loading_hide = FALSE;
    }
}

static void
sp_standings_page_dispose (GObject *object)
{
  SpStandingsPage *self = SP_STANDINGS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_STANDINGS_PAGE);
  g_clear_object (&self->standings);
  g_clear_object (&self->teams);
  g_clear_pointer (&self->session_columns, g_ptr_array_unref);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_standings_page_parent_class)->dispose (object);
}

static void
sp_standings_page_class_init (SpStandingsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_standings_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-standings-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, view_switcher);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, hide_switch);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, pending_label);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, standings_stack);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, players_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, standings_view);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, teams_view);
  gtk_widget_class_bind_template_callback (widget_class, hide_toggled_cb);
}

static void
sp_standings_page_init (SpStandingsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  add_column (self->standings_view, _("Rank"), COLUMN_RANK, FALSE);
  add_column (self->standings_view, _("Name"), COLUMN_STANDING_NAME, TRUE);
  self->table_points_column = add_column (self->standings_view, _("Table Points"),
                                          COLUMN_TABLE_POINTS, FALSE);
  add_column (self->standings_view, _("Score"), COLUMN_SCORE, FALSE);
  add_column (self->standings_view, _("Sessions"), COLUMN_SESSIONS, FALSE);
  add_column (self->standings_view, _("Tie-Break"), COLUMN_DECIDER, FALSE);
  add_column (self->standings_view, _("Status"), COLUMN_MARKS, FALSE);
  self->session_columns = g_ptr_array_new_with_free_func (g_object_unref);

  self->standings = g_object_new (SP_TYPE_STANDING_ROWS, NULL);
  sp_column_view_set_items (self->standings_view, G_LIST_MODEL (self->standings));

  add_column (self->teams_view, _("Rank"), COLUMN_RANK, FALSE);
  add_column (self->teams_view, _("Team"), COLUMN_STANDING_NAME, TRUE);
  add_column (self->teams_view, _("Table Points"), COLUMN_TABLE_POINTS, FALSE);
  add_column (self->teams_view, _("Score"), COLUMN_SCORE, FALSE);
  add_column (self->teams_view, _("Sessions"), COLUMN_SESSIONS, FALSE);
  add_column (self->teams_view, _("Tie-Break"), COLUMN_DECIDER, FALSE);
  self->teams = g_object_new (SP_TYPE_STANDING_ROWS, NULL);
  sp_column_view_set_items (self->teams_view, G_LIST_MODEL (self->teams));
}

/**
 * sp_standings_page_load:
 * @self: a page
 * @db: the store
 * @tournament: (nullable): the tournament, which with @db must outlive the page's use of them;
 *   %NULL lets go of the one the page had, reading nothing (a hidden page, read when shown)
 *
 * Reads @tournament's standings from @db, as they stand now.  The lines that did not change
 * stay as they are, and the view where it was scrolled to.
 */
void
sp_standings_page_load (SpStandingsPage    *self,
                        SpDb               *db,
                        const SpTournament *tournament)
{
  g_return_if_fail (SP_IS_STANDINGS_PAGE (self));

  /* Another tournament: its lines have nothing in common with those shown. */
  if (tournament != NULL && tournament->id != self->tournament_id)
    {
      g_autoptr(GPtrArray) none = g_ptr_array_new ();

      update_rows (self->standings, none, FALSE);
      update_rows (self->teams, none, FALSE);
      self->tournament_id = tournament->id;
    }
  self->db = db;
  self->tournament = tournament;
  /* Riichi's table points are the uma; its score, the tournament points, keeps the short
   * title a phone's column has room for. */
  if (tournament != NULL)
    gtk_column_view_column_set_title (self->table_points_column,
                                      sp_ruleset_traits (tournament->ruleset)->places_by_uma
                                      ? _("Uma") : _("Table Points"));
  load_standings (self);
}
