/* sp-players-page.c: a tournament's players, searched as one types, checked in by a switch.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <string.h>

#include "sp-column.h"
#include "sp-message.h"
#include "sp-player-dialog.h"
#include "sp-players-page.h"
#include "sp-pin-dialog.h"
#include "sp-role.h"

/* One player of the list: the store's record, as sp_db_list_players gives it. */
#define SP_TYPE_PLAYER_ITEM (sp_player_item_get_type ())
G_DECLARE_FINAL_TYPE (SpPlayerItem, sp_player_item, SP, PLAYER_ITEM, GObject)

/* The text columns an item keeps a collation key of (Column below, up to the status). */
#define N_TEXT_COLUMNS 6

struct _SpPlayerItem
{
  GObject   parent_instance;
  SpPlayer *player;
  /* Made once, not at each comparison or keystroke: sorting 1,000 players compares ~10,000
   * pairs, and collating or case-folding them each time is what made it slow. */
  char     *sort_keys[N_TEXT_COLUMNS]; /* g_utf8_collate_key of each text column, or NULL */
  char     *folded;                    /* name, club and team case-folded, '\n'-separated */
};

G_DEFINE_FINAL_TYPE (SpPlayerItem, sp_player_item, G_TYPE_OBJECT)

static void
sp_player_item_finalize (GObject *object)
{
  SpPlayerItem *self = SP_PLAYER_ITEM (object);

  g_clear_pointer (&self->player, sp_player_free);
  for (guint i = 0; i < N_TEXT_COLUMNS; i++)
    g_clear_pointer (&self->sort_keys[i], g_free);
  g_clear_pointer (&self->folded, g_free);
  G_OBJECT_CLASS (sp_player_item_parent_class)->finalize (object);
}

static void
sp_player_item_class_init (SpPlayerItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_player_item_finalize;
  /* "changed": the item holds another record now; the cells showing it read it again. */
  g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 0);
}

/* Whether @a and @b say the same of a player. */
static gboolean
player_equals (const SpPlayer *a,
               const SpPlayer *b)
{
  return a->id == b->id && a->tournament == b->tournament && g_strcmp0 (a->name, b->name) == 0
         && g_strcmp0 (a->club, b->club) == 0 && g_strcmp0 (a->country, b->country) == 0
         && g_strcmp0 (a->team, b->team) == 0
         && g_strcmp0 (a->federation_id, b->federation_id) == 0 && a->status == b->status
         && a->substitute_for == b->substitute_for && a->present == b->present;
}

/* @item holds @player (taking it) from now on, its keys made again when next needed. */
static void
sp_player_item_set_player (SpPlayerItem *self,
                           SpPlayer     *player)
{
  g_clear_pointer (&self->player, sp_player_free);
  self->player = player;
  for (guint i = 0; i < N_TEXT_COLUMNS; i++)
    g_clear_pointer (&self->sort_keys[i], g_free);
  g_clear_pointer (&self->folded, g_free);
}

static void
sp_player_item_init (SpPlayerItem *self)
{
}

struct _SpPlayersPage
{
  GtkBox parent_instance;

  SpDb *db;                 /* the window's, not owned */
  gint64 tournament;

  GListStore *players;
  GtkCustomFilter *player_filter;
  GListModel *filtered;     /* the players the search shows, owned by the view's model */
  GtkSingleSelection *selection;
  GtkStringList *teams;     /* "All Teams", then the teams of the players, sorted */
  char *needle;             /* the search case-folded, NULL for none */
  char *team;               /* the team shown, NULL for all */

  /* Template children */
  GtkSearchEntry *search_entry;
  GtkDropDown *team_dropdown;
  GtkStack *players_stack;
  GtkColumnView *players_view;
  AdwStatusPage *no_match_page;
  GtkWidget *player_button;
  GtkWidget *add_button;
  GtkWidget *import_button;
};

G_DEFINE_FINAL_TYPE (SpPlayersPage, sp_players_page, GTK_TYPE_BOX)

typedef enum
{
  COLUMN_NAME,
  COLUMN_CLUB,
  COLUMN_COUNTRY,
  COLUMN_TEAM,
  COLUMN_FEDERATION_ID,
  COLUMN_STATUS,
  COLUMN_PRESENT,
} Column;

static const char *
status_text (SpPlayerStatus status)
{
  switch (status)
    {
    case SP_PLAYER_WITHDRAWN:
      return _("Withdrawn");
    case SP_PLAYER_SUBSTITUTE:
      return _("Substitute");
    case SP_PLAYER_ACTIVE:
    default:
      return _("Playing");
    }
}

/* The text a player column shows; NULL for a field not said. */
static const char *
player_text (const SpPlayer *player,
             Column          column)
{
  switch ((int) column)
    {
    case COLUMN_NAME:
      return player->name;
    case COLUMN_CLUB:
      return player->club;
    case COLUMN_COUNTRY:
      return player->country;
    case COLUMN_TEAM:
      return player->team;
    case COLUMN_FEDERATION_ID:
      return player->federation_id;
    case COLUMN_STATUS:
      return status_text (player->status);
    default:
      return NULL;
    }
}

static char *
item_text (gpointer item,
           int      column)
{
  return g_strdup (player_text (SP_PLAYER_ITEM (item)->player, column));
}

/* @item's collation key for @column, made at its first use. */
static const char *
sort_key (SpPlayerItem *item,
          Column        column)
{
  if (item->sort_keys[column] == NULL)
    {
      const char *text = player_text (item->player, column);

      item->sort_keys[column] = g_utf8_collate_key (text != NULL ? text : "", -1);
    }
  return item->sort_keys[column];
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  SpPlayerItem *ia = SP_PLAYER_ITEM ((gpointer) a);
  SpPlayerItem *ib = SP_PLAYER_ITEM ((gpointer) b);
  int order;

  if (column == COLUMN_PRESENT)
    return sp_column_compare_numbers (ia->player->present, ib->player->present);
  g_assert (column < N_TEXT_COLUMNS);
  order = strcmp (sort_key (ia, column), sort_key (ib, column));
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* A person flipped a player's switch: the store checks that player in or out. */
static void
present_switch_cb (GtkSwitch   *toggle,
                   GParamSpec  *pspec,
                   GtkListItem *list_item)
{
  SpPlayersPage *self = g_object_get_data (G_OBJECT (toggle), "sp-page");
  SpPlayerItem *item = gtk_list_item_get_item (list_item);
  gboolean present = gtk_switch_get_active (toggle);
  g_autoptr(GError) error = NULL;

  /* Binding a row sets the switch to what the store says: nothing to write. */
  if (item == NULL || self == NULL || self->db == NULL || item->player->present == present)
    return;

  if (!sp_db_check_in_players (self->db, self->tournament, &item->player->id, 1, present,
                               &error))
    {
      g_autofree char *message = NULL;

      if (present)
        /* Translators: the player's name, then why the store refused. */
        message = g_strdup_printf (_("Cannot check in %s: %s"), item->player->name, error->message);
      else
        /* Translators: the player's name, then why the store refused. */
        message = g_strdup_printf (_("Cannot check out %s: %s"), item->player->name,
                                   error->message);
      sp_message_show_toast (GTK_WIDGET (self), message);
      gtk_switch_set_active (toggle, item->player->present);
      return;
    }
  item->player->present = present;
}

static void
switch_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 SpPlayersPage            *self)
{
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_halign (toggle, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (toggle), "sp-page", self);
  g_signal_connect (toggle, "notify::active", G_CALLBACK (present_switch_cb), list_item);
  gtk_list_item_set_child (list_item, toggle);
}

static void
switch_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                SpPlayersPage            *self)
{
  SpPlayerItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *toggle = gtk_list_item_get_child (list_item);
  g_autofree char *label = NULL;

  gtk_switch_set_active (GTK_SWITCH (toggle), item->player->present);
  /* Translators: the accessible name of a player's check-in switch. */
  label = g_strdup_printf (_("Checked in: %s"), item->player->name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
switch_item_changed_cb (SpPlayerItem *item,
                        GtkListItem  *list_item)
{
  switch_bind_cb (NULL, list_item, NULL);
}

/* The switch follows its player's changes while it shows them. */
static void
switch_bind_follow_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *list_item,
                       SpPlayersPage            *self)
{
  switch_bind_cb (factory, list_item, self);
  sp_column_follow_item (list_item, G_CALLBACK (switch_item_changed_cb), list_item);
}

static void
switch_unbind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  SpPlayersPage            *self)
{
  sp_column_unfollow_item (list_item);
}

/* Name, club and team case-folded, one a line, for the search (a needle holds no newline:
 * the search entry is one line). */
static const char *
folded_fields (SpPlayerItem *item)
{
  if (item->folded == NULL)
    {
      g_autofree char *joined = g_strjoin ("\n", item->player->name,
                                           item->player->club != NULL ? item->player->club : "",
                                           item->player->team != NULL ? item->player->team : "",
                                           NULL);

      item->folded = g_utf8_casefold (joined, -1);
    }
  return item->folded;
}

/* The players of the team chosen (any for "All Teams") whose name, club or team holds what is
 * typed in the search entry. */
static gboolean
player_matches (gpointer item,
                gpointer user_data)
{
  SpPlayersPage *self = user_data;
  const SpPlayer *player = SP_PLAYER_ITEM (item)->player;

  if (self->team != NULL && g_strcmp0 (player->team, self->team) != 0)
    return FALSE;
  if (self->needle == NULL)
    return TRUE;
  return strstr (folded_fields (SP_PLAYER_ITEM (item)), self->needle) != NULL;
}

/* What the filter looks for, read once per change rather than once per player. */
static void
filter_changed (SpPlayersPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  guint team = gtk_drop_down_get_selected (self->team_dropdown);
  g_autofree char *needle = NULL;
  g_autofree char *chosen = NULL;
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  if (text != NULL && *text != '\0')
    needle = g_utf8_casefold (text, -1);
  if (team != GTK_INVALID_LIST_POSITION && team > 0)
    chosen = g_strdup (gtk_string_list_get_string (self->teams, team));
  /* Typing one more letter only narrows the list, deleting one only widens it: the filter
   * model then looks at the rows shown (or hidden) alone. */
  if (g_strcmp0 (chosen, self->team) == 0)
    {
      if (g_strcmp0 (needle, self->needle) == 0)
        return;
      if (self->needle == NULL || (needle != NULL && strstr (needle, self->needle) != NULL))
        change = GTK_FILTER_CHANGE_MORE_STRICT;
      else if (needle == NULL || strstr (self->needle, needle) != NULL)
        change = GTK_FILTER_CHANGE_LESS_STRICT;
    }
  g_free (self->needle);
  self->needle = g_steal_pointer (&needle);
  g_free (self->team);
  self->team = g_steal_pointer (&chosen);
  if (self->player_filter != NULL)
    gtk_filter_changed (GTK_FILTER (self->player_filter), change);
}

/* Registered players none of whom the search matches: a page that says so, and what to do. */
static void
filtered_changed_cb (GListModel    *filtered,
                     guint          position,
                     guint          removed,
                     guint          added,
                     SpPlayersPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->players_stack);
  gboolean registered = g_list_model_get_n_items (G_LIST_MODEL (self->players)) > 0;
  gboolean shown = g_list_model_get_n_items (filtered) > 0;
  g_autofree char *description = NULL;
  g_autofree char *escaped = NULL;

  if (!registered)
    return;
  if (shown)
    {
      if (g_strcmp0 (name, "no-match") == 0)
        gtk_stack_set_visible_child_name (self->players_stack, "list");
      return;
    }
  escaped = g_markup_escape_text (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);
  /* Translators: %s is what was typed in the players' search entry. */
  description = g_strdup_printf (_("No player's name, club or team holds “%s”. Search for "
                                   "something else, or add the player."), escaped);
  adw_status_page_set_description (self->no_match_page, description);
  gtk_stack_set_visible_child_name (self->players_stack, "no-match");
}

static void
search_changed_cb (SpPlayersPage *self)
{
  filter_changed (self);
}

static void selection_changed_cb (SpPlayersPage *self);

static int
compare_team_names (gconstpointer a,
                    gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

/* Offers the teams of @list in the team filter, keeping the team chosen when it is still there. */
static void
update_teams (SpPlayersPage *self,
              GPtrArray     *list)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *chosen = NULL;
  guint selected = gtk_drop_down_get_selected (self->team_dropdown);
  guint n_before = g_list_model_get_n_items (G_LIST_MODEL (self->teams));
  gboolean same;

  if (selected != GTK_INVALID_LIST_POSITION && selected > 0)
    chosen = g_strdup (gtk_string_list_get_string (self->teams, selected));
  for (guint i = 0; i < list->len; i++)
    {
      const SpPlayer *player = g_ptr_array_index (list, i);

      if (player->team != NULL && *player->team != '\0'
          && g_hash_table_add (seen, player->team))
        g_ptr_array_add (names, player->team);
    }
  g_ptr_array_sort (names, compare_team_names);
  same = names->len + 1 == n_before;
  for (guint i = 0; same && i < names->len; i++)
    same = g_strcmp0 (names->pdata[i], gtk_string_list_get_string (self->teams, i + 1)) == 0;
  g_ptr_array_add (names, NULL);
  /* The same teams as before (a refresh after a hand): the drop-down keeps its list, rather
   * than making every line of it again. */
  if (!same)
    gtk_string_list_splice (self->teams, 1, n_before - 1, (const char * const *) names->pdata);
  selected = 0;
  for (guint i = 0; chosen != NULL && names->pdata[i] != NULL; i++)
    if (g_strcmp0 (names->pdata[i], chosen) == 0)
      selected = i + 1;
  gtk_drop_down_set_selected (self->team_dropdown, selected);
  gtk_widget_set_visible (GTK_WIDGET (self->team_dropdown), names->len > 1);
}

/* Whether the list shown is filtered or sorted: then a player changed in place may have to
 * move, or come or go. */
static gboolean
is_arranged (SpPlayersPage *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->players_view);

  return self->needle != NULL || self->team != NULL
         || (sorter != NULL && gtk_sorter_get_order (sorter) != GTK_SORTER_ORDER_NONE);
}

/* Reads the players again.  The items already listed take the records read in their place,
 * those that changed telling their cells so: the rows shown stay (a reload after another
 * connection's change, or another tournament opened, costs the cells that changed, not every
 * row built again); only players added or removed at the end change the list's length. */
static void
load_players (SpPlayersPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *store = G_LIST_MODEL (self->players);
  guint n_old = g_list_model_get_n_items (store);
  guint common;
  gboolean arranged;
  guint run_start = 0;
  gboolean in_run = FALSE;

  list = sp_db_list_players (self->db, self->tournament, &error);
  if (list == NULL)
    {
      sp_message_show_toast (GTK_WIDGET (self), error->message);
      return;
    }
  update_teams (self, list);
  arranged = is_arranged (self);
  common = MIN (n_old, list->len);
  /* The items own the records from now on. */
  g_ptr_array_set_free_func (list, NULL);
  for (guint i = 0; i <= common; i++)
    {
      gboolean changed = FALSE;

      if (i < common)
        {
          g_autoptr(SpPlayerItem) item = g_list_model_get_item (store, i);
          SpPlayer *player = g_ptr_array_index (list, i);

          changed = !player_equals (item->player, player);
          if (changed)
            {
              sp_player_item_set_player (item, player);
              g_signal_emit_by_name (item, "changed");
            }
          else
            sp_player_free (player);
        }
      if (changed && !in_run)
        {
          run_start = i;
          in_run = TRUE;
        }
      else if (!changed && in_run)
        {
          /* Filtered or sorted, the players that changed are placed again. */
          if (arranged)
            g_list_model_items_changed (store, run_start, i - run_start, i - run_start);
          in_run = FALSE;
        }
    }
  for (guint i = common; i < list->len; i++)
    {
      SpPlayerItem *item = g_object_new (SP_TYPE_PLAYER_ITEM, NULL);

      item->player = g_ptr_array_index (list, i);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (self->players, common, n_old - common, items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->players_stack, list->len > 0 ? "list" : "empty");
  /* A search typed before stays, and may match none of the players read anew. */
  filtered_changed_cb (self->filtered, 0, 0, 0, self);
  if (self->selection != NULL)
    selection_changed_cb (self);
}

/* Checks in every player taking part, as before the first draw. */
static void
check_in_all (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->db == NULL)
    return;
  if (!sp_db_check_in_players (self->db, self->tournament, NULL, 0, TRUE, &error))
    {
      /* Translators: why the store refused to check the players in. */
      g_autofree char *message = g_strdup_printf (_("Cannot check in the players: %s"),
                                                  error->message);

      sp_message_show_toast (GTK_WIDGET (self), message);
      return;
    }
  load_players (self);
}

static void
player_saved_cb (SpPlayerDialog *dialog,
                 const char     *name,
                 gboolean        added,
                 SpPlayersPage  *self)
{
  g_autofree char *message = NULL;

  load_players (self);
  if (added)
    /* Translators: a toast; the player's name. */
    message = g_strdup_printf (_("%s added"), name);
  else
    /* Translators: a toast; the player's name. */
    message = g_strdup_printf (_("%s changed"), name);
  sp_message_show_toast (GTK_WIDGET (self), message);
}

static void
open_player_dialog (SpPlayersPage  *self,
                    const SpPlayer *player)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  SpPlayerDialog *dialog;

  if (self->db == NULL)
    return;
  dialog = sp_player_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->db,
                                 self->tournament, player);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (player_saved_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The player of the selected row, or NULL. */
static SpPlayer *
selected_player (SpPlayersPage *self)
{
  gpointer item = gtk_single_selection_get_selected_item (self->selection);

  return item != NULL ? SP_PLAYER_ITEM (item)->player : NULL;
}

static void
add_player (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  open_player_dialog (SP_PLAYERS_PAGE (widget), NULL);
}

static void
edit_player (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  SpPlayer *player = selected_player (self);

  if (player != NULL)
    open_player_dialog (self, player);
}

/* A double-click or Enter on a row edits its player. */
static void
row_activated_cb (GtkColumnView *view,
                  guint          position,
                  SpPlayersPage *self)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (item != NULL)
    open_player_dialog (self, SP_PLAYER_ITEM (item)->player);
}

/* The player the message dialog @dialog was opened for. */
static gint64
dialog_player (AdwMessageDialog *dialog)
{
  gint64 *id = g_object_get_data (G_OBJECT (dialog), "sp-player");

  return id != NULL ? *id : 0;
}

static AdwMessageDialog *
new_message_dialog (SpPlayersPage  *self,
                    const SpPlayer *player,
                    const char     *heading,
                    const char     *body)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              heading, body);

  g_object_set_data_full (G_OBJECT (dialog), "sp-player", g_memdup2 (&player->id, sizeof (gint64)),
                          g_free);
  return ADW_MESSAGE_DIALOG (dialog);
}

/* Reports a refusal of the store as a toast naming the player and the reason. */
static void
refused (SpPlayersPage *self,
         char          *message)
{
  sp_message_show_toast (GTK_WIDGET (self), message);
  g_free (message);
}

static void
withdraw_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      SpPlayersPage    *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup (g_object_get_data (G_OBJECT (dialog), "sp-name"));
  g_autofree char *message = NULL;

  if (g_strcmp0 (response, "withdraw") != 0 || self->db == NULL)
    return;
  if (!sp_db_withdraw_player (self->db, self->tournament, dialog_player (dialog), &error))
    {
      if (sp_pin_dialog_offer (GTK_WIDGET (self), self->db, self->tournament, "players withdraw",
                               error, (SpPinRetry) withdraw_response_cb, dialog, response, self))
        return;
      /* Translators: the player's name, then why the store refused. */
      refused (self, g_strdup_printf (_("Cannot withdraw %s: %s"), name, error->message));
      return;
    }
  load_players (self);
  /* Translators: a toast; the player's name. */
  message = g_strdup_printf (_("%s withdrawn"), name);
  sp_message_show_toast (GTK_WIDGET (self), message);
}

/* Asks before withdrawing the selected player, naming him. */
static void
withdraw_player (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  SpPlayer *player = selected_player (self);
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (player == NULL)
    return;
  /* Translators: the heading of a confirmation; the player's name. */
  heading = g_strdup_printf (_("Withdraw %s?"), player->name);
  dialog = new_message_dialog (self, player, heading,
                               _("The player is no longer drawn in the sessions to come; the "
                                 "results already played stay. A withdrawal can be undone with "
                                 "Reinstate."));
  g_object_set_data_full (G_OBJECT (dialog), "sp-name", g_strdup (player->name), g_free);
  sp_message_add_destructive (dialog, "withdraw", _("_Withdraw"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (withdraw_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reinstate_player (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  SpPlayer *player = selected_player (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  if (player == NULL || self->db == NULL)
    return;
  name = g_strdup (player->name);
  if (!sp_db_reinstate_player (self->db, self->tournament, player->id, &error))
    {
      /* Translators: the player's name, then why the store refused. */
      refused (self, g_strdup_printf (_("Cannot reinstate %s: %s"), name, error->message));
      return;
    }
  load_players (self);
  /* Translators: a toast; the player's name. */
  message = g_strdup_printf (_("%s reinstated"), name);
  sp_message_show_toast (GTK_WIDGET (self), message);
}

static void
substitute_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        SpPlayersPage    *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  const char *replaced = g_object_get_data (G_OBJECT (dialog), "sp-name");
  gboolean force = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "sp-force"));
  SpPlayer substitute = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (g_strcmp0 (response, "substitute") != 0 || self->db == NULL)
    return;
  substitute.tournament = self->tournament;
  substitute.name = (char *) gtk_editable_get_text (entry);
  if (!sp_db_substitute_player (self->db, self->tournament, dialog_player (dialog), &substitute,
                                force, &error))
    {
      if (sp_pin_dialog_offer (GTK_WIDGET (self), self->db, self->tournament,
                               "players substitute", error,
                               (SpPinRetry) substitute_response_cb, dialog, response, self))
        return;
      /* Translators: the player replaced, then why the store refused. */
      refused (self, g_strdup_printf (_("Cannot substitute %s: %s"), replaced, error->message));
      return;
    }
  load_players (self);
  /* Translators: a toast; the substitute's name, then the player replaced. */
  message = g_strdup_printf (_("%s replaces %s"), substitute.name, replaced);
  sp_message_show_toast (GTK_WIDGET (self), message);
}

/* Asks for the substitute's name; an active player is replaced only by force, as the
 * command line's --force, which the dialog says. */
static void
substitute_player (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  SpPlayer *player = selected_player (self);
  gboolean force;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *entry;

  if (player == NULL)
    return;
  force = player->status != SP_PLAYER_WITHDRAWN;
  /* Translators: the heading of a dialog; the player replaced. */
  heading = g_strdup_printf (_("Substitute %s"), player->name);
  if (force)
    /* Translators: the player's name. */
    body = g_strdup_printf (_("%s has not withdrawn: the substitute takes the place by force "
                              "(as sparrow-cli's --force), and %s is withdrawn."),
                            player->name, player->name);
  else
    /* Translators: the player's name. */
    body = g_strdup_printf (_("The substitute takes %s's seats in the sessions not yet played."),
                            player->name);
  dialog = new_message_dialog (self, player, heading, body);
  g_object_set_data_full (G_OBJECT (dialog), "sp-name", g_strdup (player->name), g_free);
  g_object_set_data (G_OBJECT (dialog), "sp-force", GINT_TO_POINTER (force));
  entry = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Substitute's name"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Substitute's Name"), -1);
  adw_message_dialog_set_extra_child (dialog, entry);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "substitute",
                                    force ? _("Substitute by _Force") : _("_Substitute"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "substitute",
                                              force ? ADW_RESPONSE_DESTRUCTIVE
                                                    : ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "substitute");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (substitute_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The actions on one player need a selected one (their menu too, or it opens on nothing but
 * disabled items); checking in all needs a player taking part. */
static void
selection_changed_cb (SpPlayersPage *self)
{
  SpPlayer *player = selected_player (self);
  gboolean any = player != NULL;
  gboolean taking_part = FALSE;
  gboolean director = sp_role_is_director (self->db);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->players));

  for (guint i = 0; i < n && !taking_part; i++)
    {
      g_autoptr(SpPlayerItem) item = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      taking_part = item->player->status != SP_PLAYER_WITHDRAWN;
    }
  /* The players are the director's: a referee's or a viewer's station only reads them. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.check-in-all",
                                 self->db != NULL && director && taking_part);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.add", director);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.import", director);
  gtk_widget_set_sensitive (self->player_button, any && director);
  sp_role_explain_director (self->add_button, self->db, NULL);
  sp_role_explain_director (self->import_button, self->db, NULL);
  sp_role_explain_director (self->player_button, self->db, _("Actions on the selected player"));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.edit", any && director);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.withdraw",
                                 any && director && player->status != SP_PLAYER_WITHDRAWN);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.reinstate",
                                 any && director && player->status == SP_PLAYER_WITHDRAWN);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "players.substitute", any && director);
}

/* Shows why nothing was imported: every problem the store found, one a row, each naming its
 * line of the file. */
static void
show_import_errors (SpPlayersPage *self,
                    GFile         *file,
                    GPtrArray     *problems)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  GtkWidget *scrolled;
  GtkWidget *list;

  /* Translators: the heading of an error dialog; the file's name. */
  heading = g_strdup_printf (_("No players imported from %s"), basename);
  body = g_strdup_printf (ngettext ("Correct the line below and import the file again; nothing "
                                    "was imported.",
                                    "Correct the %u lines below and import the file again; "
                                    "nothing was imported.", problems->len),
                          problems->len);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading,
                                   body);
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Problems of the file"), -1);
  for (guint i = 0; i < problems->len; i++)
    {
      const char *problem = g_ptr_array_index (problems, i);
      g_autofree char *shown = NULL;
      GtkWidget *label;

      /* The heading names the file: each row starts at its line ("Line 3: …"). */
      if (path != NULL && g_str_has_prefix (problem, path) && problem[strlen (path)] == ' ')
        {
          const char *rest = problem + strlen (path) + 1;
          gunichar first = g_utf8_get_char (rest);
          char upper[8] = { 0 };

          g_unichar_to_utf8 (g_unichar_totitle (first), upper);
          shown = g_strconcat (upper, g_utf8_next_char (rest), NULL);
        }
      label = gtk_label_new (shown != NULL ? shown : problem);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 9);
      gtk_widget_set_margin_end (label, 9);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_add_css_class (label, "error");
      gtk_list_box_append (GTK_LIST_BOX (list), label);
    }
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  /* Room for the first rows whatever height the dialog is given; more scroll. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled),
                                              (int) MIN (problems->len, 5u) * 52);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * sp_players_page_import_file:
 * @self: a page showing a tournament
 * @file: a CSV file of players
 *
 * Imports @file's players into the tournament, all or none: a toast counts them, or a dialog
 * lists every line refused and why.  The file chooser of "Import Players…" calls it.
 *
 * Returns: whether the players were imported.
 */
gboolean
sp_players_page_import_file (SpPlayersPage *self,
                             GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autofree char *path = NULL;
  g_autofree char *message = NULL;
  guint n_imported = 0;

  g_return_val_if_fail (SP_IS_PLAYERS_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->db == NULL)
    return FALSE;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      problems = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (problems, g_strdup (_("Only local files can be imported")));
    }
  if (path == NULL
      || !sp_db_import_players_full (self->db, self->tournament, path, &n_imported, &problems,
                                     &error))
    {
      if (problems == NULL)
        {
          problems = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (problems, g_strdup (error != NULL ? error->message : ""));
        }
      show_import_errors (self, file, problems);
      return FALSE;
    }
  load_players (self);
  message = g_strdup_printf (ngettext ("%u player imported",
                                       "%u players imported", n_imported),
                             n_imported);
  sp_message_show_toast (GTK_WIDGET (self), message);
  return TRUE;
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
import_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    SpPlayersPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        sp_players_page_import_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

/* Asks for a CSV file of players (GTK 4.8: GtkFileChooserNative). */
static void
import_players (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Import Players"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (csv, _("CSV files"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_add_mime_type (csv, "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
  g_signal_connect_object (chooser, "response", G_CALLBACK (import_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

G_GNUC_END_IGNORE_DEPRECATIONS

/* Ctrl+F: to the search entry. */
static void
search_players (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
team_selected_cb (SpPlayersPage *self)
{
  if (self->teams != NULL)
    filter_changed (self);
}

static void
sp_players_page_dispose (GObject *object)
{
  SpPlayersPage *self = SP_PLAYERS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PLAYERS_PAGE);
  g_clear_object (&self->players);
  g_clear_pointer (&self->needle, g_free);
  g_clear_pointer (&self->team, g_free);
  self->db = NULL;

  G_OBJECT_CLASS (sp_players_page_parent_class)->dispose (object);
}

static void
sp_players_page_class_init (SpPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_players_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, team_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, players_stack);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, no_match_page);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, player_button);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, add_button);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, import_button);
  gtk_widget_class_bind_template_child (widget_class, SpPlayersPage, players_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, team_selected_cb);
  gtk_widget_class_install_action (widget_class, "players.check-in-all", NULL, check_in_all);
  gtk_widget_class_install_action (widget_class, "players.add", NULL, add_player);
  gtk_widget_class_install_action (widget_class, "players.import", NULL, import_players);
  gtk_widget_class_install_action (widget_class, "players.edit", NULL, edit_player);
  gtk_widget_class_install_action (widget_class, "players.withdraw", NULL, withdraw_player);
  gtk_widget_class_install_action (widget_class, "players.reinstate", NULL, reinstate_player);
  gtk_widget_class_install_action (widget_class, "players.substitute", NULL, substitute_player);
  gtk_widget_class_install_action (widget_class, "players.search", NULL, search_players);

  /* The shortcuts, also listed in help-overlay.ui.  Delete asks before it withdraws. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "players.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, 0, "players.add", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "players.add", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "players.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0,
                                       "players.edit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "players.withdraw", NULL);
}

static void
sp_players_page_init (SpPlayersPage *self)
{
  GtkListItemFactory *factory;
  GtkFilterListModel *filtered;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->teams = gtk_string_list_new ((const char *const[]) { _("All Teams"), NULL });
  gtk_drop_down_set_model (self->team_dropdown, G_LIST_MODEL (self->teams));
  g_object_unref (self->teams);
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));

  sp_column_view_add_text (self->players_view, _("Name"), COLUMN_NAME, FALSE, TRUE, item_text,
                           compare_items);
  sp_column_view_add_text (self->players_view, _("Club"), COLUMN_CLUB, FALSE, TRUE, item_text,
                           compare_items);
  sp_column_view_add_text (self->players_view, _("Country"), COLUMN_COUNTRY, FALSE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->players_view, _("Team"), COLUMN_TEAM, FALSE, TRUE, item_text,
                           compare_items);
  sp_column_view_add_text (self->players_view, _("Federation ID"), COLUMN_FEDERATION_ID, FALSE,
                           FALSE, item_text, compare_items);
  sp_column_view_add_text (self->players_view, _("Status"), COLUMN_STATUS, FALSE, FALSE,
                           item_text, compare_items);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (switch_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (switch_bind_follow_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (switch_unbind_cb), self);
  sp_column_view_add (self->players_view, _("Checked In"), COLUMN_PRESENT, FALSE, factory,
                      compare_items);

  self->players = g_list_store_new (SP_TYPE_PLAYER_ITEM);
  self->player_filter = gtk_custom_filter_new (player_matches, self, NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->players)),
                                        GTK_FILTER (self->player_filter));
  sp_column_view_set_items (self->players_view, G_LIST_MODEL (filtered));
  self->filtered = G_LIST_MODEL (filtered);
  g_signal_connect_object (filtered, "items-changed", G_CALLBACK (filtered_changed_cb), self, 0);
  g_object_unref (filtered);
  /* One player is selected at a time, for the actions on him. */
  self->selection = sp_column_view_select_single (self->players_view);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed_cb), self);
  selection_changed_cb (self);
}

/**
 * sp_players_page_load:
 * @self: a page
 * @db: the store, which must outlive the page's use of it
 * @tournament: the tournament's id
 *
 * Lists @tournament's players, with the search cleared when it is another tournament.
 */
void
sp_players_page_load (SpPlayersPage *self,
                      SpDb          *db,
                      gint64         tournament)
{
  g_return_if_fail (SP_IS_PLAYERS_PAGE (self));

  /* Read again for the same tournament (a change made elsewhere), the search stays. */
  if (tournament != self->tournament)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  self->db = db;
  self->tournament = tournament;
  load_players (self);
}
