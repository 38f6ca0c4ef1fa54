/* sp-tournament.c: the records of a tournament.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-tournament.h"

#include <string.h>

static const char * const status_names[] = { "active", "withdrawn", "substitute" };

const char *
sp_player_status_to_string (SpPlayerStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_names), NULL);
  return status_names[status];
}

gboolean
sp_player_status_from_string (const char     *text,
                              SpPlayerStatus *status)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    {
      if (g_strcmp0 (text, status_names[i]) == 0)
        {
          *status = (SpPlayerStatus) i;
          return TRUE;
        }
    }
  return FALSE;
}

void
sp_tournament_free (SpTournament *tournament)
{
  if (tournament == NULL)
    return;
  g_free (tournament->name);
  g_free (tournament->profile);
  g_free (tournament->options);
  g_free (tournament->seating);
  g_free (tournament->ranking);
  g_free (tournament->created);
  g_free (tournament);
}

void
sp_player_free (SpPlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->club);
  g_free (player->country);
  g_free (player->team);
  g_free (player->federation_id);
  g_free (player);
}

void
sp_hand_record_free (SpHandRecord *hand)
{
  if (hand == NULL)
    return;
  g_free (hand->notation);
  g_free (hand->situation);
  g_free (hand->items);
  g_free (hand->entered_by);
  g_free (hand->entered_at);
  g_free (hand);
}

void
sp_penalty_free (SpPenalty *penalty)
{
  if (penalty == NULL)
    return;
  g_free (penalty->reason);
  g_free (penalty);
}
