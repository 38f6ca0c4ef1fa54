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

typedef enum
{
  FIELD_SWITCH,
  FIELD_WIND,
  FIELD_COUNT,
  FIELD_FLOWERS,
} FieldKind;

static const struct
{
  const char *option;
  FieldKind   kind;
  gsize       offset;
} situation_fields[] = {
  { "--self-drawn", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, self_drawn) },
  { "--last-tile", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, last_tile) },
  { "--kong", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, kong) },
  { "--flower-replacement", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, flower_replacement) },
  { "--wall-last", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, wall_last) },
  { "--heavenly", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, heavenly) },
  { "--earthly", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, earthly) },
  { "--human", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, human) },
  { "--ready-at-deal", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, ready_at_deal) },
  { "--ready-first-draw", FIELD_SWITCH, G_STRUCT_OFFSET (SpSituation, ready_first_draw) },
  { "--seat-wind", FIELD_WIND, G_STRUCT_OFFSET (SpSituation, seat_wind) },
  { "--round-wind", FIELD_WIND, G_STRUCT_OFFSET (SpSituation, round_wind) },
  { "--dealer", FIELD_WIND, G_STRUCT_OFFSET (SpSituation, dealer) },
  { "--discarder", FIELD_WIND, G_STRUCT_OFFSET (SpSituation, discarder) },
  { "--liable", FIELD_WIND, G_STRUCT_OFFSET (SpSituation, liable) },
  { "--streak", FIELD_COUNT, G_STRUCT_OFFSET (SpSituation, streak) },
  { "--base", FIELD_COUNT, G_STRUCT_OFFSET (SpSituation, base) },
  { "--per-tai", FIELD_COUNT, G_STRUCT_OFFSET (SpSituation, per_tai) },
  { "--flowers", FIELD_FLOWERS, G_STRUCT_OFFSET (SpSituation, flowers) },
};

static int
find_field (const char *option)
{
  for (guint i = 0; i < G_N_ELEMENTS (situation_fields); i++)
    if (strcmp (situation_fields[i].option, option) == 0)
      return (int) i;
  return -1;
}

gboolean
sp_situation_takes_value (const char *option)
{
  int i = find_field (option);

  return i >= 0 && situation_fields[i].kind != FIELD_SWITCH;
}

static gboolean
parse_flowers (SpSituation  *situation,
               const char   *value,
               GError      **error)
{
  guint64 n;
  g_auto(GStrv) names = NULL;

  if (g_ascii_string_to_unsigned (value, 10, 0, 8, &n, NULL))
    {
      situation->n_flowers = (guint8) n;
      situation->flowers = 0;
      situation->flowers_listed = FALSE;
      return TRUE;
    }
  names = g_strsplit (value, ",", -1);
  situation->flowers = 0;
  situation->n_flowers = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = names[i];

      if (!(name[0] == 'f' && name[1] >= '1' && name[1] <= '8' && name[2] == '\0'))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       "--flowers: '%s' is not a flower (f1–f8) and '%s' not a count 0–8", name,
                       value);
          return FALSE;
        }
      if (situation->flowers & (1u << (name[1] - '1')))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       "--flowers: %s is listed twice", name);
          return FALSE;
        }
      situation->flowers |= (guint8) (1u << (name[1] - '1'));
      situation->n_flowers++;
    }
  situation->flowers_listed = TRUE;
  return TRUE;
}

gboolean
sp_situation_apply (SpSituation  *situation,
                    const char   *option,
                    const char   *value,
                    GError      **error)
{
  int i = find_field (option);
  guint8 *field;

  if (i < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, "unknown situation option %s",
                   option);
      return FALSE;
    }
  field = G_STRUCT_MEMBER_P (situation, situation_fields[i].offset);
  if (situation_fields[i].kind != FIELD_SWITCH && value == NULL)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, "%s needs a value", option);
      return FALSE;
    }

  switch (situation_fields[i].kind)
    {
    case FIELD_SWITCH:
      *field = TRUE;
      return TRUE;
    case FIELD_WIND:
      {
        SpWind wind;

        if (!sp_wind_from_string (value, &wind))
          {
            g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                         "%s: '%s' is not a seat (E, S, W or N)", option, value);
            return FALSE;
          }
        *field = (guint8) wind;
        return TRUE;
      }
    case FIELD_COUNT:
      {
        guint64 n;
        guint64 max = strcmp (option, "--streak") == 0 ? 99 : 1000000000;

        if (!g_ascii_string_to_unsigned (value, 10, 0, max, &n, NULL))
          {
            g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                         "%s: '%s' is not a whole number from 0 to %" G_GUINT64_FORMAT, option,
                         value, max);
            return FALSE;
          }
        if (strcmp (option, "--streak") == 0)
          situation->streak = (guint8) n;
        else if (strcmp (option, "--base") == 0)
          {
            situation->base = (gint32) n;
            situation->base_given = TRUE;
          }
        else
          situation->per_tai = (gint32) n;
        return TRUE;
      }
    case FIELD_FLOWERS:
      return parse_flowers (situation, value, error);
    default:
      g_assert_not_reached ();
    }
}

gboolean
sp_situation_parse_args (SpSituation        *situation,
                         const char * const *args,
                         guint               n_args,
                         GError            **error)
{
  for (guint i = 0; i < n_args; i++)
    {
      const char *value = NULL;

      if (sp_situation_takes_value (args[i]))
        {
          if (i + 1 >= n_args)
            {
              g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, "%s needs a value",
                           args[i]);
              return FALSE;
            }
          value = args[++i];
        }
      if (!sp_situation_apply (situation, args[i - (value != NULL)], value, error))
        return FALSE;
    }
  return TRUE;
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
