/* sp-score.c: situations and verdicts shared by the three scorers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-score.h"

#include <glib/gi18n-lib.h>
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
  KIND_SWITCH,
  KIND_WIND,
  KIND_COUNT,
  KIND_FLOWERS,
  KIND_TILES,     /* tiles in notation, comma-separated (Riichi indicators) */
} FieldKind;

/* The fields in their stored order. */
static const struct
{
  SpSituationField  field;
  const char       *key;
  FieldKind         kind;
  gsize             offset;
} situation_fields[] = {
  { SP_SITUATION_SELF_DRAWN, "self-drawn", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, self_drawn) },
  { SP_SITUATION_LAST_TILE, "last-tile", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, last_tile) },
  { SP_SITUATION_KONG, "kong", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, kong) },
  { SP_SITUATION_FLOWER_REPLACEMENT, "flower-replacement", KIND_SWITCH,
    G_STRUCT_OFFSET (SpSituation, flower_replacement) },
  { SP_SITUATION_WALL_LAST, "wall-last", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, wall_last) },
  { SP_SITUATION_HEAVENLY, "heavenly", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, heavenly) },
  { SP_SITUATION_EARTHLY, "earthly", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, earthly) },
  { SP_SITUATION_HUMAN, "human", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, human) },
  { SP_SITUATION_READY_AT_DEAL, "ready-at-deal", KIND_SWITCH,
    G_STRUCT_OFFSET (SpSituation, ready_at_deal) },
  { SP_SITUATION_READY_FIRST_DRAW, "ready-first-draw", KIND_SWITCH,
    G_STRUCT_OFFSET (SpSituation, ready_first_draw) },
  { SP_SITUATION_SEAT_WIND, "seat-wind", KIND_WIND, G_STRUCT_OFFSET (SpSituation, seat_wind) },
  { SP_SITUATION_ROUND_WIND, "round-wind", KIND_WIND, G_STRUCT_OFFSET (SpSituation, round_wind) },
  { SP_SITUATION_DEALER, "dealer", KIND_WIND, G_STRUCT_OFFSET (SpSituation, dealer) },
  { SP_SITUATION_DISCARDER, "discarder", KIND_WIND, G_STRUCT_OFFSET (SpSituation, discarder) },
  { SP_SITUATION_LIABLE, "liable", KIND_WIND, G_STRUCT_OFFSET (SpSituation, liable) },
  { SP_SITUATION_STREAK, "streak", KIND_COUNT, G_STRUCT_OFFSET (SpSituation, streak) },
  { SP_SITUATION_BASE, "base", KIND_COUNT, G_STRUCT_OFFSET (SpSituation, base) },
  { SP_SITUATION_PER_TAI, "per-tai", KIND_COUNT, G_STRUCT_OFFSET (SpSituation, per_tai) },
  { SP_SITUATION_FLOWERS, "flowers", KIND_FLOWERS, G_STRUCT_OFFSET (SpSituation, flowers) },
  { SP_SITUATION_RIICHI, "riichi", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, riichi) },
  { SP_SITUATION_DOUBLE_RIICHI, "double-riichi", KIND_SWITCH,
    G_STRUCT_OFFSET (SpSituation, double_riichi) },
  { SP_SITUATION_IPPATSU, "ippatsu", KIND_SWITCH, G_STRUCT_OFFSET (SpSituation, ippatsu) },
  { SP_SITUATION_DORA_INDICATORS, "dora-indicators", KIND_TILES,
    G_STRUCT_OFFSET (SpSituation, n_dora_indicators) },
  { SP_SITUATION_URA_INDICATORS, "ura-indicators", KIND_TILES,
    G_STRUCT_OFFSET (SpSituation, n_ura_indicators) },
  { SP_SITUATION_HONBA, "honba", KIND_COUNT, G_STRUCT_OFFSET (SpSituation, honba) },
  { SP_SITUATION_RIICHI_STICKS, "riichi-sticks", KIND_COUNT,
    G_STRUCT_OFFSET (SpSituation, riichi_sticks) },
};

static int
find_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (situation_fields); i++)
    if (strcmp (situation_fields[i].key, key) == 0)
      return (int) i;
  return -1;
}

static int
find_field (SpSituationField field)
{
  for (guint i = 0; i < G_N_ELEMENTS (situation_fields); i++)
    if (situation_fields[i].field == field)
      return (int) i;
  return -1;
}

SpSituationField
sp_situation_field_from_key (const char *key)
{
  int i = find_key (key);

  return i < 0 ? 0 : situation_fields[i].field;
}

const char *
sp_situation_field_to_key (SpSituationField field)
{
  int i = find_field (field);

  return i < 0 ? NULL : situation_fields[i].key;
}

gboolean
sp_situation_field_is_switch (SpSituationField field)
{
  int i = find_field (field);

  return i >= 0 && situation_fields[i].kind == KIND_SWITCH;
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
                       /* Translators: both %s are what was typed after flowers=; f1–f8 are
                        * the flowers' notation. */
                       _("flowers: '%s' is not a flower (f1–f8) and '%s' not a count 0–8"), name,
                       value);
          return FALSE;
        }
      if (situation->flowers & (1u << (name[1] - '1')))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: %s is a flower in notation (f1–f8). */
                       _("flowers: %s is listed twice"), name);
          return FALSE;
        }
      situation->flowers |= (guint8) (1u << (name[1] - '1'));
      situation->n_flowers++;
    }
  situation->flowers_listed = TRUE;
  return TRUE;
}

/* Indicator tiles: "4m,W,0p" (a red five written 0 is a five). */
static gboolean
parse_tiles (SpSituation  *situation,
             gboolean      ura,
             const char   *key,
             const char   *value,
             GError      **error)
{
  g_auto(GStrv) names = g_strsplit (value, ",", -1);
  SpTile *tiles = ura ? situation->ura_indicators : situation->dora_indicators;
  guint8 *n = ura ? &situation->n_ura_indicators : &situation->n_dora_indicators;
  guint8 *red = ura ? &situation->red_ura_indicators : &situation->red_dora_indicators;
  guint k = 0;

  *red = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      SpTile tile = SP_TILE_NONE;
      gboolean is_red = FALSE;

      if (name[0] == '\0' && names[1] == NULL)
        break;
      if (name[0] >= '0' && name[0] <= '9' && name[1] != '\0' && name[2] == '\0'
          && strchr ("mps", name[1]) != NULL)
        {
          guint rank = name[0] == '0' ? 5 : (guint) (name[0] - '0');

          is_red = name[0] == '0';
          if (rank >= 1)
            tile = sp_tile_make ((SpSuit) (strchr ("mps", name[1]) - "mps"), rank);
        }
      else if (name[0] != '\0' && name[1] == '\0' && strchr ("ESWNCFP", name[0]) != NULL)
        tile = (SpTile) (SP_TILE_EAST + (strchr ("ESWNCFP", name[0]) - "ESWNCFP"));
      if (tile == SP_TILE_NONE || name[0] == '\0')
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: the first %s is a situation key (dora-indicators), the
                        * second what was given; 4m and W are notation. */
                       _("%s: '%s' is not a tile (such as 4m or W)"), key, name);
          return FALSE;
        }
      if (k >= SP_MAX_INDICATORS)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: %s is a situation key (dora-indicators), %u the most
                        * indicators a hand turns. */
                       _("%s: more than %u indicators (one, and one per kong)"), key,
                       SP_MAX_INDICATORS);
          return FALSE;
        }
      if (is_red)
        *red |= (guint8) (1u << k);
      tiles[k++] = tile;
    }
  *n = (guint8) k;
  return TRUE;
}

static gboolean
set_field (SpSituation  *situation,
           int           i,
           const char   *value,
           GError      **error)
{
  const char *key = situation_fields[i].key;
  guint8 *field = G_STRUCT_MEMBER_P (situation, situation_fields[i].offset);

  if (situation_fields[i].kind == KIND_SWITCH && value != NULL)
    {
      /* Translators: %s is the key of a situation switch, such as self-drawn. */
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("%s takes no value"), key);
      return FALSE;
    }
  if (situation_fields[i].kind != KIND_SWITCH && value == NULL)
    {
      /* Translators: %s is the key of a situation field, such as seat-wind. */
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("%s needs a value"), key);
      return FALSE;
    }

  switch (situation_fields[i].kind)
    {
    case KIND_SWITCH:
      *field = TRUE;
      break;
    case KIND_WIND:
      {
        SpWind wind;

        if (!sp_wind_from_string (value, &wind))
          {
            g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                         /* Translators: the first %s is a situation key (seat-wind, dealer…),
                          * the second what was given; E, S, W and N are notation. */
                         _("%s: '%s' is not a seat (E, S, W or N)"), key, value);
            return FALSE;
          }
        *field = (guint8) wind;
        break;
      }
    case KIND_COUNT:
      {
        guint64 n;
        gboolean streak = situation_fields[i].field == SP_SITUATION_STREAK;
        gboolean counter = situation_fields[i].field == SP_SITUATION_HONBA
                           || situation_fields[i].field == SP_SITUATION_RIICHI_STICKS;
        guint64 max = streak || counter ? 99 : 1000000000;

        if (!g_ascii_string_to_unsigned (value, 10, 0, max, &n, NULL))
          {
            g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                         /* Translators: the first %s is a situation key (streak, base…), the
                          * second what was given. */
                         _("%s: '%s' is not a whole number from 0 to %u"), key, value,
                         (guint) max);
            return FALSE;
          }
        if (streak)
          situation->streak = (guint8) n;
        else if (situation_fields[i].field == SP_SITUATION_HONBA)
          situation->honba = (gint32) n;
        else if (situation_fields[i].field == SP_SITUATION_RIICHI_STICKS)
          situation->riichi_sticks = (gint32) n;
        else if (situation_fields[i].field == SP_SITUATION_BASE)
          situation->base = (gint32) n;
        else
          situation->per_tai = (gint32) n;
        break;
      }
    case KIND_FLOWERS:
      if (!parse_flowers (situation, value, error))
        return FALSE;
      break;
    case KIND_TILES:
      if (!parse_tiles (situation, situation_fields[i].field == SP_SITUATION_URA_INDICATORS, key,
                        value, error))
        return FALSE;
      break;
    default:
      g_assert_not_reached ();
    }
  situation->given |= situation_fields[i].field;
  return TRUE;
}

gboolean
sp_situation_set (SpSituation  *situation,
                  const char   *key,
                  const char   *value,
                  GError      **error)
{
  int i = find_key (key);

  if (i < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("unknown situation '%s'"), key);
      return FALSE;
    }
  return set_field (situation, i, value, error);
}

static void
append_value (GString           *out,
              const SpSituation *situation,
              int                i)
{
  const guint8 *field = G_STRUCT_MEMBER_P (situation, situation_fields[i].offset);

  switch (situation_fields[i].kind)
    {
    case KIND_SWITCH:
      break;
    case KIND_WIND:
      g_string_append_printf (out, "=%s", sp_wind_to_string ((SpWind) *field));
      break;
    case KIND_COUNT:
      g_string_append_printf (out, "=%d",
                              situation_fields[i].field == SP_SITUATION_STREAK ? situation->streak
                              : situation_fields[i].field == SP_SITUATION_BASE ? situation->base
                              : situation_fields[i].field == SP_SITUATION_HONBA ? situation->honba
                              : situation_fields[i].field == SP_SITUATION_RIICHI_STICKS
                              ? situation->riichi_sticks
                              : situation->per_tai);
      break;
    case KIND_TILES:
      {
        gboolean ura = situation_fields[i].field == SP_SITUATION_URA_INDICATORS;
        const SpTile *tiles = ura ? situation->ura_indicators : situation->dora_indicators;
        guint n = ura ? situation->n_ura_indicators : situation->n_dora_indicators;
        guint red = ura ? situation->red_ura_indicators : situation->red_dora_indicators;

        for (guint k = 0; k < n; k++)
          {
            char buf[SP_TILE_STRING_SIZE];

            sp_tile_to_string (tiles[k], buf);
            if (red & (1u << k))
              buf[0] = '0';
            g_string_append_printf (out, "%c%s", k == 0 ? '=' : ',', buf);
          }
        if (n == 0)
          g_string_append_c (out, '=');
      }
      break;
    case KIND_FLOWERS:
      if (!situation->flowers_listed)
        g_string_append_printf (out, "=%u", situation->n_flowers);
      else
        {
          char sep = '=';

          for (guint f = 0; f < 8; f++)
            if (situation->flowers & (1u << f))
              {
                g_string_append_printf (out, "%cf%u", sep, f + 1);
                sep = ',';
              }
          if (sep == '=')
            g_string_append (out, "=0");
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
sp_situation_to_string (const SpSituation *situation)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (situation_fields); i++)
    {
      const guint8 *field = G_STRUCT_MEMBER_P (situation, situation_fields[i].offset);

      if (!(situation->given & situation_fields[i].field))
        continue;
      /* A switch said off is the default: nothing to keep. */
      if (situation_fields[i].kind == KIND_SWITCH && !*field)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, situation_fields[i].key);
      append_value (out, situation, (int) i);
    }
  return g_string_free (out, FALSE);
}

gboolean
sp_situation_from_string (SpSituation  *situation,
                          const char   *text,
                          GError      **error)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *eq;

      if (words[i][0] == '\0')
        continue;
      eq = strchr (words[i], '=');
      if (eq != NULL)
        *eq = '\0';
      if (!sp_situation_set (situation, words[i], eq != NULL ? eq + 1 : NULL, error))
        return FALSE;
    }
  return TRUE;
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
      int k = g_str_has_prefix (args[i], "--") ? find_key (args[i] + 2) : -1;

      if (k < 0)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       _("unknown situation option %s"), args[i]);
          return FALSE;
        }
      if (situation_fields[k].kind != KIND_SWITCH)
        {
          if (i + 1 >= n_args)
            {
              /* Translators: %s is a situation option, such as --seat-wind. */
              g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("%s needs a value"),
                           args[i]);
              return FALSE;
            }
          value = args[++i];
        }
      if (!set_field (situation, k, value, error))
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
  result->has_han_fu = FALSE;
  result->han = 0;
  result->fu = 0;
  result->yakuman = 0;
  result->limit = SP_LIMIT_NONE;
  result->dora = 0;
  result->ura = 0;
  result->aka = 0;
  result->cost_discarder = 0;
  result->cost_dealer = 0;
  result->cost_non_dealer = 0;
}

const char *
sp_limit_to_string (SpLimit  limit,
                    gint32   yakuman,
                    char    *buf)
{
  static const char *names[] = { "", "mangan", "haneman", "baiman", "sanbaiman", "yonbaiman",
                                 "yakuman" };

  if (limit == SP_LIMIT_YAKUMAN && yakuman > 1)
    g_snprintf (buf, 24, "%dx yakuman", yakuman);
  else
    g_strlcpy (buf, limit < G_N_ELEMENTS (names) ? names[limit] : "", 24);
  return buf;
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

/* Appends @len bytes of @text to @out (@size bytes) at *@n, as far as they fit before the NUL;
 * *@n counts them all, as vsnprintf counts the whole text. */
static inline void
put_text (char       *out,
          gsize       size,
          gsize      *n,
          const char *text,
          gsize       len)
{
  if (*n + 1 < size)
    memcpy (out + *n, text, MIN (len, size - 1 - *n));
  *n += len;
}

/* g_vsnprintf() for the formats of the refusals (%s, %d, %u and %%): the C library's printf
 * costs more than scoring a hand, and most declared wins in a session are refused (below the
 * minimum).  Any other conversion goes to g_vsnprintf().  The same bytes: at most @size - 1 and
 * a NUL; returns the length of the whole text. */
G_GNUC_PRINTF (3, 0)
static gint
format_message (char       *out,
                gsize       size,
                const char *format,
                va_list     args)
{
  gsize n = 0;
  const char *p;

  for (p = strchr (format, '%'); p != NULL; p = strchr (p + 2, '%'))
    if (p[1] != 's' && p[1] != 'd' && p[1] != 'u' && p[1] != '%')
      return g_vsnprintf (out, size, format, args);

  for (p = format; *p != '\0';)
    {
      const char *q = strchr (p, '%');
      char digits[12];
      guint len = 0;
      guint64 v;

      if (q == NULL)
        {
          put_text (out, size, &n, p, strlen (p));
          break;
        }
      put_text (out, size, &n, p, (gsize) (q - p));
      p = q + 2;
      switch (q[1])
        {
        case '%':
          put_text (out, size, &n, "%", 1);
          continue;
        case 's':
          {
            const char *text = va_arg (args, const char *);

            if (text == NULL)
              text = "(null)";
            put_text (out, size, &n, text, strlen (text));
          }
          continue;
        case 'd':
          {
            gint x = va_arg (args, gint);

            if (x < 0)
              put_text (out, size, &n, "-", 1);
            v = x < 0 ? (guint64) (-(gint64) x) : (guint64) x;
          }
          break;
        default:
          v = va_arg (args, guint);
          break;
        }
      do
        {
          digits[sizeof digits - 1 - len++] = (char) ('0' + v % 10);
          v /= 10;
        }
      while (v != 0);
      put_text (out, size, &n, digits + sizeof digits - len, len);
    }
  if (size > 0)
    out[MIN (n, size - 1)] = '\0';
  return (gint) MIN (n, (gsize) G_MAXINT);
}

void
sp_score_result_refuse (SpScoreResult *result,
                        SpCoreError    code,
                        const char    *format,
                        ...)
{
  va_list args;
  gint length;
  const char *end;

  result->win = FALSE;
  result->error_code = code;
  va_start (args, format);
  length = format_message (result->message, sizeof result->message, format, args);
  va_end (args);
  /* A long message (a translation may be longer than the English) is cut at a whole character. */
  if (length >= (gint) sizeof result->message && !g_utf8_validate (result->message, -1, &end))
    *(char *) end = '\0';
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

gboolean
sp_score_result_is_notation_error (const SpScoreResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);

  return !result->win
         && (result->error_code == SP_CORE_ERROR_SYNTAX
             || result->error_code == SP_CORE_ERROR_TOO_MANY_COPIES
             || result->error_code == SP_CORE_ERROR_WRONG_TILE_COUNT);
}
