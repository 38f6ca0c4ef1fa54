/* sp-penalties-list.c: the penalties of a session in a column view (player, points, reason,
 * table and hand), with Add Penalty and a confirmed Delete Penalty.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>

#include "sp-column.h"
#include "sp-message.h"
#include "sp-penalties-list.h"
#include "sp-penalty-dialog.h"
#include "sp-pin-dialog.h"

/* One penalty of the list, with what it shows of its player and hand. */
#define SP_TYPE_PENALTY_ITEM (sp_penalty_item_get_type ())
G_DECLARE_FINAL_TYPE (SpPenaltyItem, sp_penalty_item, SP, PENALTY_ITEM, GObject)

struct _SpPenaltyItem
{
  GObject    parent_instance;
  SpPenalty *penalty;
  char      *player_name;
  guint      table;        /* of the hand named, or of a false win; 0 for none */
  guint      number;
};

G_DEFINE_FINAL_TYPE (SpPenaltyItem, sp_penalty_item, G_TYPE_OBJECT)

static void
sp_penalty_item_finalize (GObject *object)
{
  SpPenaltyItem *self = SP_PENALTY_ITEM (object);

  g_clear_pointer (&self->penalty, sp_penalty_free);
  g_clear_pointer (&self->player_name, g_free);
  G_OBJECT_CLASS (sp_penalty_item_parent_class)->finalize (object);
}

static void
sp_penalty_item_class_init (SpPenaltyItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_penalty_item_finalize;
}

static void
sp_penalty_item_init (SpPenaltyItem *self)
{
}

struct _SpPenaltiesList
{
  GtkBox parent_instance;

  SpDb    *db;             /* the window's, not owned */
  gint64   tournament;
  guint    session;
  gboolean open;

  GListStore         *penalties;
  GtkSingleSelection *selection;

  /* Template children */
  GtkStack      *penalties_stack;
  GtkColumnView *penalties_view;
};

G_DEFINE_FINAL_TYPE (SpPenaltiesList, sp_penalties_list, GTK_TYPE_BOX)

typedef enum
{
  COLUMN_PLAYER,
  COLUMN_POINTS,
  COLUMN_REASON,
  COLUMN_TABLE,
  COLUMN_HAND,
} Column;

static char *
item_text (gpointer item,
           int      column)
{
  SpPenaltyItem *penalty = SP_PENALTY_ITEM (item);

  switch ((Column) column)
    {
    case COLUMN_PLAYER:
      return g_strdup (penalty->player_name);
    case COLUMN_POINTS:
      return g_strdup_printf ("%+" G_GINT64_FORMAT, penalty->penalty->points);
    case COLUMN_REASON:
      return sp_penalty_reason_translate (penalty->penalty->reason);
    case COLUMN_TABLE:
      return penalty->table > 0 ? g_strdup_printf ("%u", penalty->table) : NULL;
    case COLUMN_HAND:
      return penalty->number > 0 ? g_strdup_printf ("%u", penalty->number) : NULL;
    default:
      return NULL;
    }
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const SpPenaltyItem *pa = a;
  const SpPenaltyItem *pb = b;

  switch ((Column) GPOINTER_TO_INT (user_data))
    {
    case COLUMN_PLAYER:
      return sp_column_compare_texts (pa->player_name, pb->player_name);
    case COLUMN_POINTS:
      return sp_column_compare_numbers (pa->penalty->points, pb->penalty->points);
    case COLUMN_REASON:
      return sp_column_compare_texts (pa->penalty->reason, pb->penalty->reason);
    case COLUMN_TABLE:
      return sp_column_compare_numbers (pa->table, pb->table);
    case COLUMN_HAND:
    default:
      return sp_column_compare_numbers (pa->number, pb->number);
    }
}

static SpPenaltyItem *
selected_item (SpPenaltiesList *self)
{
  gpointer item = gtk_single_selection_get_selected_item (self->selection);

  return item != NULL ? SP_PENALTY_ITEM (item) : NULL;
}

static void
update_actions (SpPenaltiesList *self)
{
  /* A viewer's station only reads: penalties are the referee's and the director's. */
  gboolean can = self->db != NULL && self->session > 0 && self->open
                 && sp_db_get_role (self->db) != SP_DB_ROLE_VIEWER;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "penalties.add", can);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "penalties.delete",
                                 can && selected_item (self) != NULL);
}

static void
reload (SpPenaltiesList *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->db != NULL && self->session > 0)
    list = sp_db_find_penalties (self->db, self->tournament, self->session, 0, &error);
  if (list == NULL && error != NULL)
    sp_message_show_toast (GTK_WIDGET (self), error->message);
  if (list != NULL && list->len > 0)
    {
      players = sp_db_list_players (self->db, self->tournament, NULL);
      names = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint i = 0; players != NULL && i < players->len; i++)
        {
          SpPlayer *player = g_ptr_array_index (players, i);

          g_hash_table_insert (names, &player->id, player->name);
        }
      /* The items own the records from now on. */
      g_ptr_array_set_free_func (list, NULL);
      for (guint i = 0; i < list->len; i++)
        {
          SpPenaltyItem *item = g_object_new (SP_TYPE_PENALTY_ITEM, NULL);
          const char *name;

          item->penalty = g_ptr_array_index (list, i);
          name = g_hash_table_lookup (names, &item->penalty->player);
          item->player_name = g_strdup (name != NULL ? name : "?");
          item->table = item->penalty->table;
          item->number = item->penalty->number;
          if (item->penalty->hand != 0)
            {
              g_autoptr(SpHandRecord) hand = sp_db_get_hand (self->db, self->tournament,
                                                             item->penalty->hand, NULL);

              if (hand != NULL)
                {
                  item->table = hand->table;
                  item->number = hand->number;
                }
            }
          g_ptr_array_add (items, item);
        }
    }
  sp_column_store_replace (self->penalties, items, self->penalties_stack);
  update_actions (self);
}

static void
penalty_saved_cb (SpPenaltyDialog *dialog,
                  gint64           id,
                  SpPenaltiesList *self)
{
  reload (self);
  sp_message_show_toast (GTK_WIDGET (self), _("Penalty added"));
}

/* The players of the tournament, for the dialog's combo (the session's seats are a subset). */
static void
add_activated (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  SpPenaltiesList *self = SP_PENALTIES_LIST (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  SpPenaltyDialog *dialog;

  if (self->db == NULL)
    return;
  players = sp_db_list_players (self->db, self->tournament, &error);
  if (players == NULL)
    {
      sp_message_show_toast (GTK_WIDGET (self), error->message);
      return;
    }
  dialog = sp_penalty_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->db,
                                  self->tournament, self->session, players);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (penalty_saved_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    SpPenaltiesList  *self)
{
  g_autoptr(GError) error = NULL;
  gint64 *id = g_object_get_data (G_OBJECT (dialog), "sp-penalty");

  if (g_strcmp0 (response, "delete") != 0 || self->db == NULL || id == NULL)
    return;
  if (!sp_db_delete_penalty (self->db, self->tournament, *id, &error))
    {
      if (!sp_pin_dialog_offer (GTK_WIDGET (self), self->db, self->tournament, "penalty delete",
                                error, (SpPinRetry) delete_response_cb, dialog, response, self))
        sp_message_show_toast (GTK_WIDGET (self), error->message);
      return;
    }
  reload (self);
  sp_message_show_toast (GTK_WIDGET (self), _("Penalty deleted"));
}

/* Asks before deleting the selected penalty, naming its player, points and reason. */
static void
delete_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SpPenaltiesList *self = SP_PENALTIES_LIST (widget);
  SpPenaltyItem *item = selected_item (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *reason = NULL;
  GtkWidget *dialog;

  if (item == NULL)
    return;
  reason = sp_penalty_reason_translate (item->penalty->reason);
  /* Translators: the heading of a confirmation; the player's name. */
  heading = g_strdup_printf (_("Delete the Penalty of %s?"), item->player_name);
  /* Translators: the penalty's points (+5, −10) and its reason. */
  body = g_strdup_printf (_("%+" PRId64 " points: %s. The standings count it no "
                            "more."), item->penalty->points, reason);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading,
                                   body);
  g_object_set_data_full (G_OBJECT (dialog), "sp-penalty",
                          g_memdup2 (&item->penalty->id, sizeof (gint64)), g_free);
  sp_message_add_destructive (ADW_MESSAGE_DIALOG (dialog), "delete", _("_Delete"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sp_penalties_list_dispose (GObject *object)
{
  SpPenaltiesList *self = SP_PENALTIES_LIST (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PENALTIES_LIST);
  g_clear_object (&self->penalties);
  self->db = NULL;

  G_OBJECT_CLASS (sp_penalties_list_parent_class)->dispose (object);
}

static void
sp_penalties_list_class_init (SpPenaltiesListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_penalties_list_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-penalties-list.ui");
  gtk_widget_class_bind_template_child (widget_class, SpPenaltiesList, penalties_stack);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltiesList, penalties_view);

  gtk_widget_class_install_action (widget_class, "penalties.add", NULL, add_activated);
  gtk_widget_class_install_action (widget_class, "penalties.delete", NULL, delete_activated);
}

static void
sp_penalties_list_init (SpPenaltiesList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  sp_column_view_add_text (self->penalties_view, _("Player"), COLUMN_PLAYER, FALSE, TRUE,
                           item_text, compare_items);
  sp_column_view_add_text (self->penalties_view, _("Points"), COLUMN_POINTS, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->penalties_view, _("Reason"), COLUMN_REASON, FALSE, TRUE,
                           item_text, compare_items);
  sp_column_view_add_text (self->penalties_view, _("Table"), COLUMN_TABLE, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->penalties_view, _("Hand"), COLUMN_HAND, TRUE, FALSE,
                           item_text, compare_items);

  self->penalties = g_list_store_new (SP_TYPE_PENALTY_ITEM);
  sp_column_view_set_items (self->penalties_view, G_LIST_MODEL (self->penalties));
  /* One penalty is selected at a time, for Delete Penalty. */
  self->selection = sp_column_view_select_single (self->penalties_view);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (update_actions), self);
  update_actions (self);
}

/**
 * sp_penalties_list_load:
 * @self: a list
 * @db: the store, which must outlive the list's use of it
 * @tournament: the tournament's id
 * @session: the session whose penalties are listed (0: none)
 * @open: whether the session is drawn and open, so that penalties can be added and deleted
 *
 * Lists the penalties of @session.
 */
void
sp_penalties_list_load (SpPenaltiesList *self,
                        SpDb            *db,
                        gint64           tournament,
                        guint            session,
                        gboolean         open)
{
  g_return_if_fail (SP_IS_PENALTIES_LIST (self));

  self->db = db;
  self->tournament = tournament;
  self->session = session;
  self->open = open;
  reload (self);
}

guint
sp_penalties_list_get_count (SpPenaltiesList *self)
{
  g_return_val_if_fail (SP_IS_PENALTIES_LIST (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->penalties));
}
