/* sp-station-outbox.c: a station's outbox as the window and the hand dialogs share it; each
 * change of it is told by "changed", so that the window's bar shows what waits.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-station-outbox.h"

struct _SpStationOutbox
{
  GObject   parent_instance;

  SpOutbox *outbox;
};

G_DEFINE_FINAL_TYPE (SpStationOutbox, sp_station_outbox, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Location (without its password: sp_outbox_path_for's file) → SpStationOutbox. */
static GHashTable *outboxes;

static void
sp_station_outbox_finalize (GObject *object)
{
  SpStationOutbox *self = SP_STATION_OUTBOX (object);

  g_clear_pointer (&self->outbox, sp_outbox_close);
  G_OBJECT_CLASS (sp_station_outbox_parent_class)->finalize (object);
}

static void
sp_station_outbox_class_init (SpStationOutboxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sp_station_outbox_finalize;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
sp_station_outbox_init (SpStationOutbox *self)
{
}

SpStationOutbox *
sp_station_outbox_for (SpDb    *db,
                       GError **error)
{
  const char *location;
  g_autofree char *path = NULL;
  SpStationOutbox *self;
  SpOutbox *outbox;

  g_return_val_if_fail (db != NULL, NULL);

  location = sp_db_get_path (db);
  if (location == NULL || sp_db_location_is_file (location))
    return NULL;
  path = sp_outbox_path_for (location);
  if (outboxes == NULL)
    outboxes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self = g_hash_table_lookup (outboxes, path);
  if (self != NULL)
    return self;
  outbox = sp_outbox_open (path, error);
  if (outbox == NULL)
    return NULL;
  self = g_object_new (SP_TYPE_STATION_OUTBOX, NULL);
  self->outbox = outbox;
  g_hash_table_insert (outboxes, g_steal_pointer (&path), self);
  return self;
}

SpOutbox *
sp_station_outbox_get_outbox (SpStationOutbox *self)
{
  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), NULL);

  return self->outbox;
}

gboolean
sp_station_outbox_add (SpStationOutbox  *self,
                       SpOutboxItem     *item,
                       GError          **error)
{
  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), FALSE);

  if (!sp_outbox_add (self->outbox, item, error))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

GPtrArray *
sp_station_outbox_list_table (SpStationOutbox *self,
                              gint64           tournament,
                              guint            session,
                              guint            table)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = NULL;
  GPtrArray *pending = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_outbox_item_free);

  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), pending);

  items = sp_outbox_list (self->outbox, -1, tournament, session, table, &error);
  if (items == NULL)
    {
      g_warning ("%s", error->message);
      return pending;
    }
  for (guint i = 0; i < items->len; i++)
    if (((SpOutboxItem *) items->pdata[i])->state != SP_OUTBOX_SENT)
      g_ptr_array_add (pending, g_steal_pointer (&items->pdata[i]));
  return pending;
}

gboolean
sp_station_outbox_send (SpStationOutbox  *self,
                        SpDb             *db,
                        SpOutboxSent     *sent,
                        GError          **error)
{
  SpOutboxSent count = { 0 };
  guint waiting = 0;
  gboolean ok;

  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), FALSE);

  if (sent != NULL)
    *sent = count;
  sp_station_outbox_count (self, &waiting, NULL);
  if (waiting == 0)
    return TRUE;
  ok = sp_outbox_send (self->outbox, db, &count, error);
  /* A sent entry is kept a day, then forgotten: the server has it. */
  sp_outbox_forget_sent (self->outbox, G_TIME_SPAN_DAY, NULL);
  /* Told only when something moved: the hands waiting behind a conflict are tried at every
   * poll, and the views of the outbox are not built again for nothing. */
  if (count.sent + count.conflicts > 0)
    g_signal_emit (self, signals[CHANGED], 0);
  if (sent != NULL)
    *sent = count;
  return ok;
}

gboolean
sp_station_outbox_discard (SpStationOutbox  *self,
                           gint64            id,
                           GError          **error)
{
  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), FALSE);

  if (!sp_outbox_discard (self->outbox, id, error))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

SpOutboxItem *
sp_station_outbox_enter_again (SpStationOutbox  *self,
                               gint64            id,
                               GError          **error)
{
  SpOutboxItem *item;

  g_return_val_if_fail (SP_IS_STATION_OUTBOX (self), NULL);

  item = sp_outbox_enter_again (self->outbox, id, error);
  if (item != NULL)
    g_signal_emit (self, signals[CHANGED], 0);
  return item;
}

void
sp_station_outbox_count (SpStationOutbox *self,
                         guint           *waiting,
                         guint           *conflicts)
{
  g_autoptr(GError) error = NULL;
  guint n_waiting = 0;
  guint n_conflicts = 0;

  g_return_if_fail (SP_IS_STATION_OUTBOX (self));

  if (!sp_outbox_count (self->outbox, &n_waiting, &n_conflicts, &error))
    g_warning ("%s", error->message);
  if (waiting != NULL)
    *waiting = n_waiting;
  if (conflicts != NULL)
    *conflicts = n_conflicts;
}
