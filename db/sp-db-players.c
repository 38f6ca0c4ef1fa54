/* sp-db-players.c: the operations on players: register, edit, withdraw, substitute, reinstate,
 * check in.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

/* Refuses @name when a player of @tournament other than @except has it. */
/* Refuses a club, country, team or federation id that is not one line of UTF-8 text of at
 * most SP_FIELD_MAX_CHARS characters, before anything is written. */
static gboolean
check_fields (const SpPlayer  *player,
              GError         **error)
{
  const struct
  {
    const char *what;
    const char *text;
  } fields[] = {
    /* Translators: the subjects of "%s is not valid UTF-8.", "%s holds a control character…" */
    { N_("The player's club"), player->club },
    { N_("The player's country"), player->country },
    { N_("The player's team"), player->team },
    { N_("The player's federation id"), player->federation_id },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GError *core_error = NULL;

      if (!sp_check_field (_(fields[i].what), fields[i].text, &core_error))
        {
          sp_db_propagate_refusal (error, core_error);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_name_free (SpDb        *db,
                 gint64       tournament,
                 const char  *name,
                 gint64       except,
                 GError     **error)
{
  g_autoptr(SpPlayer) existing = NULL;

  if (!sp_db_lookup_player (db, tournament, name, &existing, error))
    return FALSE;
  if (existing != NULL && existing->id != except)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("A player named '%s' is already registered (id %" PRId64 ")."),
                   name, existing->id);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_add_player (SpDb      *db,
                  SpPlayer  *player,
                  GError   **error)
{
  g_autofree char *name = NULL;
  SpPlayer stripped;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && player != NULL, FALSE);

  name = sp_db_take_name (_("The player's name"), player->name, error);
  if (name == NULL || !check_fields (player, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  stripped = *player;
  stripped.name = name;
  ok = check_name_free (db, player->tournament, name, 0, error)
       && sp_db_insert_player (db, &stripped, error);
  if (ok)
    player->id = stripped.id;
  return sp_db_end_write (db, started, ok, error);
}

/* A field of @changes: unchanged when NULL, cleared when "". */
static const char *
changed_field (const char *change,
               const char *current)
{
  if (change == NULL)
    return current;
  return change[0] != '\0' ? change : NULL;
}

static gboolean
edit_player (SpDb            *db,
             gint64           tournament,
             gint64           id,
             const SpPlayer  *changes,
             const char      *name,
             GError         **error)
{
  g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament, id, error);
  SpPlayer edited;

  if (player == NULL || (name != NULL && !check_name_free (db, tournament, name, id, error))
      || !check_fields (changes, error))
    return FALSE;
  edited = *player;
  edited.name = (char *) (name != NULL ? name : player->name);
  edited.club = (char *) changed_field (changes->club, player->club);
  edited.country = (char *) changed_field (changes->country, player->country);
  edited.team = (char *) changed_field (changes->team, player->team);
  edited.federation_id = (char *) changed_field (changes->federation_id, player->federation_id);
  return sp_db_update_player (db, &edited, error);
}

gboolean
sp_db_edit_player (SpDb            *db,
                   gint64           tournament,
                   gint64           id,
                   const SpPlayer  *changes,
                   GError         **error)
{
  g_autofree char *name = NULL;
  gboolean started;

  g_return_val_if_fail (db != NULL && changes != NULL, FALSE);

  if (changes->name != NULL
      && (name = sp_db_take_name (_("The player's name"), changes->name, error)) == NULL)
    return FALSE;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  return sp_db_end_write (db, started, edit_player (db, tournament, id, changes, name, error),
                          error);
}

static gboolean
withdraw_player (SpDb     *db,
                 gint64    tournament,
                 gint64    id,
                 GError  **error)
{
  g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament, id, error);

  if (player == NULL)
    return FALSE;
  if (player->status == SP_PLAYER_WITHDRAWN)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" PRId64 " (%s) has already withdrawn."), id,
                   player->name);
      return FALSE;
    }
  return sp_db_require_director (db, tournament, "players withdraw", id, NULL, error,
                                 _("A director's PIN is required to withdraw player %" PRId64
                                   " (%s)."), id, player->name)
         && sp_db_set_player_status (db, id, SP_PLAYER_WITHDRAWN, error);
}

typedef gboolean (*PlayerChange) (SpDb    *db,
                                  gint64   tournament,
                                  gint64   id,
                                  GError **error);

/* Runs @change of player @id as one transaction. */
static gboolean
change_player (SpDb          *db,
               gint64         tournament,
               gint64         id,
               PlayerChange   change,
               GError       **error)
{
  gboolean started;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  return sp_db_end_write (db, started, change (db, tournament, id, error), error);
}

gboolean
sp_db_withdraw_player (SpDb     *db,
                       gint64    tournament,
                       gint64    id,
                       GError  **error)
{
  return change_player (db, tournament, id, withdraw_player, error);
}

static gboolean
substitute_player (SpDb      *db,
                   gint64     tournament,
                   gint64     id,
                   SpPlayer  *substitute,
                   gboolean   force,
                   GError   **error)
{
  g_autoptr(SpPlayer) replaced = sp_db_get_player (db, tournament, id, error);
  g_autoptr(SpPlayer) earlier = NULL;
  gboolean ok;

  if (replaced == NULL || !sp_db_find_substitute (db, tournament, id, &earlier, error))
    return FALSE;
  /* A player is replaced once; the substitute may in turn be replaced. */
  if (earlier != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" PRId64 " (%s) already has a substitute, %s (id %"
                     PRId64 ")."), id, replaced->name, earlier->name, earlier->id);
      return FALSE;
    }
  if (replaced->status != SP_PLAYER_WITHDRAWN && !force)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" PRId64 " (%s) has not withdrawn: a substitute withdraws "
                     "the player; confirm with --force (or withdraw the player first)."), id,
                   replaced->name);
      return FALSE;
    }
  if (!sp_db_require_director (db, tournament, "players substitute", id, NULL, error,
                               _("A director's PIN is required to substitute player %" PRId64
                                 " (%s)."), id, replaced->name))
    return FALSE;
  substitute->tournament = tournament;
  substitute->status = SP_PLAYER_SUBSTITUTE;
  substitute->substitute_for = id;
  if (substitute->team == NULL && replaced->team != NULL)
    substitute->team = replaced->team;
  ok = sp_db_add_player (db, substitute, error)
       && sp_db_set_player_status (db, id, SP_PLAYER_WITHDRAWN, error)
       && sp_db_replace_player (db, tournament, id, substitute->id, error);
  if (substitute->team == replaced->team)
    substitute->team = NULL;
  return ok;
}

gboolean
sp_db_substitute_player (SpDb      *db,
                         gint64     tournament,
                         gint64     id,
                         SpPlayer  *substitute,
                         gboolean   force,
                         GError   **error)
{
  gboolean started;

  g_return_val_if_fail (db != NULL && substitute != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  return sp_db_end_write (db, started,
                          substitute_player (db, tournament, id, substitute, force, error), error);
}

static gboolean
reinstate_player (SpDb     *db,
                  gint64    tournament,
                  gint64    id,
                  GError  **error)
{
  g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament, id, error);
  g_autoptr(SpPlayer) substitute = NULL;

  if (player == NULL || !sp_db_find_substitute (db, tournament, id, &substitute, error))
    return FALSE;
  if (player->status != SP_PLAYER_WITHDRAWN)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" PRId64 " (%s) has not withdrawn: there is nothing to "
                     "reinstate."), id, player->name);
      return FALSE;
    }
  if (substitute != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" PRId64 " (%s) was replaced by %s (id %" PRId64
                     "), who holds the seats: the withdrawal cannot be undone."), id,
                   player->name, substitute->name, substitute->id);
      return FALSE;
    }
  return sp_db_set_player_status (db, id, player->substitute_for > 0 ? SP_PLAYER_SUBSTITUTE
                                  : SP_PLAYER_ACTIVE, error);
}

gboolean
sp_db_reinstate_player (SpDb     *db,
                        gint64    tournament,
                        gint64    id,
                        GError  **error)
{
  return change_player (db, tournament, id, reinstate_player, error);
}

static gboolean
check_in_players (SpDb          *db,
                  gint64         tournament,
                  const gint64  *players,
                  guint          n_players,
                  gboolean       present,
                  GError       **error)
{
  if (n_players == 0)
    return sp_db_set_player_present (db, tournament, 0, present, error);
  for (guint i = 0; i < n_players; i++)
    {
      g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament, players[i], error);

      if (player == NULL)
        return FALSE;
      if (present && player->status == SP_PLAYER_WITHDRAWN)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Player %" PRId64 " (%s) has withdrawn and cannot be checked "
                         "in (players reinstate %" PRId64 " first)."), players[i],
                       player->name, players[i]);
          return FALSE;
        }
      if (player->present != present
          && !sp_db_set_player_present (db, tournament, players[i], present, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_check_in_players (SpDb          *db,
                        gint64         tournament,
                        const gint64  *players,
                        guint          n_players,
                        gboolean       present,
                        GError       **error)
{
  gboolean started;

  g_return_val_if_fail (players != NULL || n_players == 0, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  return sp_db_end_write (db, started,
                          check_in_players (db, tournament, players, n_players, present, error),
                          error);
}
