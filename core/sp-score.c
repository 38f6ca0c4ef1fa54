/* sp-score.c: situations and verdicts shared by the three scorers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-score.h"

#include <string.h>

void
sp_situation_init (SpSituation *situation)
{
  memset (situation, 0, sizeof *situation);
  situation->seat_wind = SP_WIND_EAST;
  situation->round_wind = SP_WIND_EAST;
  situation->dealer = SP_WIND_EAST;
  situation->discarder = SP_SEAT_NONE;
  situation->liable = SP_SEAT_NONE;
  situation->base = 30;
  situation->per_tai = 10;
}

guint8
sp_situation_discarder (const SpSituation *situation)
{
  if (situation->discarder != SP_SEAT_NONE)
    return situation->discarder;
  return (guint8) ((situation->seat_wind + 3) % 4);
}

void
sp_score_result_init (SpScoreResult *result,
                      SpRuleset      ruleset)
{
  /* Only the header: the item array is filled as items are added. */
  result->ruleset = ruleset;
  result->win = FALSE;
  result->error_code = SP_CORE_ERROR_NOT_A_WIN;
  result->message[0] = '\0';
  result->ready = FALSE;
  result->shanten = 0;
  result->n_items = 0;
  result->total = 0;
  result->points = 0;
  result->has_settlement = FALSE;
  memset (result->settlement, 0, sizeof result->settlement);
  result->has_penalty = FALSE;
  memset (result->penalty, 0, sizeof result->penalty);
  result->penalty_reason[0] = '\0';
}

void
sp_score_result_add (SpScoreResult *result,
                     const char    *name,
                     gint32         value,
                     guint32        count)
{
  for (guint i = 0; i < result->n_items; i++)
    {
      if (result->items[i].name == name || strcmp (result->items[i].name, name) == 0)
        {
          result->items[i].count += count;
          return;
        }
    }
  g_return_if_fail (result->n_items < SP_MAX_SCORE_ITEMS);
  result->items[result->n_items].name = name;
  result->items[result->n_items].value = value;
  result->items[result->n_items].count = count;
  result->n_items++;
}

void
sp_score_result_refuse (SpScoreResult *result,
                        SpCoreError    code,
                        const char    *format,
                        ...)
{
  va_list args;

  result->win = FALSE;
  result->error_code = code;
  va_start (args, format);
  g_vsnprintf (result->message, sizeof result->message, format, args);
  va_end (args);
}

gint32
sp_score_result_item (const SpScoreResult *result,
                      const char          *name)
{
  for (guint i = 0; i < result->n_items; i++)
    if (strcmp (result->items[i].name, name) == 0)
      return result->items[i].value * (gint32) result->items[i].count;
  return 0;
}
