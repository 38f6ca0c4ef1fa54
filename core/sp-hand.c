/* sp-hand.c: the hand notation of SPEC.md §2, both ways, and tile-count validation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-hand.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sp-core-error.h"
#include "sp-analysis-private.h"
#include "sp-rules-private.h"

const char *
sp_ruleset_to_string (SpRuleset ruleset)
{
  g_return_val_if_fail (ruleset < SP_N_RULESETS, "?");
  return sp_ruleset_class (ruleset)->name;
}

const char *
sp_ruleset_names (void)
{
  static gsize names = 0;

  if (g_once_init_enter (&names))
    {
      GString *list = g_string_new (NULL);

      for (guint i = 0; i < SP_N_RULESETS; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? "|" : "",
                                sp_ruleset_class ((SpRuleset) i)->name);
      g_once_init_leave (&names, (gsize) g_string_free (list, FALSE));
    }
  return (const char *) names;
}

const char *
sp_ruleset_profile_names (void)
{
  static gsize names = 0;

  if (g_once_init_enter (&names))
    {
      GString *list = g_string_new (NULL);

      for (guint i = 0; i < SP_N_RULESETS; i++)
        {
          const SpRulesetClass *klass = sp_ruleset_class ((SpRuleset) i);

          g_string_append_printf (list, "%s%s:", i > 0 ? "; " : "", klass->name);
          for (guint k = 0; klass->profiles[k] != NULL; k++)
            g_string_append_printf (list, " %s", klass->profiles[k]);
        }
      g_once_init_leave (&names, (gsize) g_string_free (list, FALSE));
    }
  return (const char *) names;
}

gboolean
sp_ruleset_from_string (const char *text,
                        SpRuleset  *ruleset)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < SP_N_RULESETS; i++)
    {
      if (g_ascii_strcasecmp (text, sp_ruleset_class ((SpRuleset) i)->name) == 0)
        {
          *ruleset = (SpRuleset) i;
          return TRUE;
        }
    }
  return FALSE;
}

guint
sp_ruleset_hand_size (SpRuleset ruleset)
{
  return ruleset < SP_N_RULESETS ? sp_ruleset_class (ruleset)->hand_size : 13;
}

guint
sp_ruleset_max_melds (SpRuleset ruleset)
{
  return ruleset < SP_N_RULESETS ? sp_ruleset_class (ruleset)->max_melds : 4;
}

gboolean
sp_ruleset_has_red_fives (SpRuleset ruleset)
{
  return ruleset < SP_N_RULESETS && sp_ruleset_class (ruleset)->red_fives;
}

const char *
sp_ruleset_title (SpRuleset ruleset)
{
  g_return_val_if_fail (ruleset < SP_N_RULESETS, "?");
  return _(sp_ruleset_class (ruleset)->title);
}

SpRulesetSettings
sp_ruleset_settings (SpRuleset ruleset)
{
  return ruleset < SP_N_RULESETS ? sp_ruleset_class (ruleset)->settings : 0;
}

SpHand *
sp_hand_new (void)
{
  return g_new0 (SpHand, 1);
}

SpHand *
sp_hand_copy (const SpHand *hand)
{
  g_return_val_if_fail (hand != NULL, NULL);
  return g_memdup2 (hand, sizeof *hand);
}

void
sp_hand_free (SpHand *hand)
{
  g_free (hand);
}

/* The parser reads the text in one pass, a token at a time; `column` counts characters (not
 * bytes) from 1 so that messages point where a person would.  It allocates nothing and makes a
 * GError only when the text is refused: referees' stations and batch scoring parse every hand
 * they score, and parsing should cost less than scoring. */
typedef struct
{
  const char *p;
  guint       column;
  GError    **error;
  guint      *error_column; /* where a syntax error is, or NULL */
  gboolean    red_fives;    /* 0 is a red five (Riichi) */
  guint8     *red;          /* the hand's red fives by suit */
} Reader;

/* A token's kind is the class of its first byte (the classes of the table below), except that
 * a byte from 0x80 starts a CJK honour or an unknown character. */
typedef enum
{
  TOKEN_OTHER = 0,
  TOKEN_END,
  TOKEN_DIGIT,
  TOKEN_SUIT,
  TOKEN_HONOR,
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_COMMA,
  CLASS_SPACE, /* skipped between tokens */
  CLASS_HIGH,  /* a byte from 0x80: see read_high_token() */
} TokenKind;

typedef struct
{
  guint8      kind;   /* TokenKind */
  guint8      value;  /* digit value, SpSuit, honour SpTile */
  guint8      length; /* bytes */
  guint       column;
  const char *at;     /* where it starts, to show it in a message */
} Token;

static const guint8 char_classes[256] = {
  ['\0'] = TOKEN_END,
  [' '] = CLASS_SPACE, ['\t'] = CLASS_SPACE,
  ['0'] = TOKEN_DIGIT, ['1'] = TOKEN_DIGIT, ['2'] = TOKEN_DIGIT, ['3'] = TOKEN_DIGIT,
  ['4'] = TOKEN_DIGIT, ['5'] = TOKEN_DIGIT, ['6'] = TOKEN_DIGIT, ['7'] = TOKEN_DIGIT,
  ['8'] = TOKEN_DIGIT, ['9'] = TOKEN_DIGIT,
  ['m'] = TOKEN_SUIT, ['p'] = TOKEN_SUIT, ['s'] = TOKEN_SUIT,
  ['E'] = TOKEN_HONOR, ['S'] = TOKEN_HONOR, ['W'] = TOKEN_HONOR, ['N'] = TOKEN_HONOR,
  ['C'] = TOKEN_HONOR, ['F'] = TOKEN_HONOR, ['P'] = TOKEN_HONOR,
  ['['] = TOKEN_OPEN, [']'] = TOKEN_CLOSE, [','] = TOKEN_COMMA,
  [0x80 ... 0xff] = CLASS_HIGH,
};

static const guint8 char_values[256] = {
  ['0'] = 0, ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4,
  ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
  ['m'] = SP_SUIT_CHARACTERS, ['p'] = SP_SUIT_DOTS, ['s'] = SP_SUIT_BAMBOO,
  ['E'] = SP_TILE_EAST, ['S'] = SP_TILE_SOUTH, ['W'] = SP_TILE_WEST, ['N'] = SP_TILE_NORTH,
  ['C'] = SP_TILE_RED, ['F'] = SP_TILE_GREEN, ['P'] = SP_TILE_WHITE,
};

/* The honours written in Chinese: three bytes each in UTF-8. */
static const struct
{
  char   utf8[4];
  SpTile tile;
} honor_characters[] = {
  { "東", SP_TILE_EAST }, { "东", SP_TILE_EAST }, { "南", SP_TILE_SOUTH },
  { "西", SP_TILE_WEST }, { "北", SP_TILE_NORTH }, { "中", SP_TILE_RED },
  { "發", SP_TILE_GREEN }, { "发", SP_TILE_GREEN }, { "白", SP_TILE_WHITE },
};

G_STATIC_ASSERT (sizeof "東" == 4 && sizeof "发" == 4);

/* A token that starts with a byte from 0x80: a CJK honour, else an unknown character. */
static void
read_high_token (Token *token)
{
  for (guint i = 0; i < G_N_ELEMENTS (honor_characters); i++)
    {
      /* strncmp, not memcmp: the text may end inside those three bytes. */
      if (strncmp (token->at, honor_characters[i].utf8, 3) == 0)
        {
          token->kind = TOKEN_HONOR;
          token->value = honor_characters[i].tile;
          token->length = 3;
          return;
        }
    }
  token->kind = TOKEN_OTHER;
}

static inline Token
peek_token (Reader *reader)
{
  const guchar *p = (const guchar *) reader->p;
  Token token;

  while (char_classes[*p] == CLASS_SPACE)
    {
      p++;
      reader->column++;
    }
  reader->p = (const char *) p;
  token.kind = char_classes[*p];
  token.value = char_values[*p];
  token.length = 1;
  token.column = reader->column;
  token.at = (const char *) p;
  if (G_UNLIKELY (token.kind == CLASS_HIGH))
    read_high_token (&token);
  return token;
}

static inline void
advance (Reader      *reader,
         const Token *token)
{
  reader->p += token->length;
  reader->column++;
}

/* The token as a message shows it: a control character or a byte that does not start valid
 * UTF-8 as \xNN, another character whole. */
static const char *
token_text (const Token *token,
            char         shown[8])
{
  const char *p = token->at;
  guchar c = (guchar) *p;
  gsize len = 1;

  if (token->kind == TOKEN_END)
    len = 0;
  else if (token->kind == TOKEN_HONOR && c >= 0x80)
    len = 3;
  else if (c >= 0x80)
    {
      /* Some other multi-byte character: show it whole when it is valid UTF-8. */
      const char *end = g_utf8_find_next_char (p, NULL);

      len = end != NULL ? (gsize) (end - p) : 1;
      if (len >= 8 || !g_utf8_validate (p, (gssize) len, NULL))
        {
          g_snprintf (shown, 8, "\\x%02x", c);
          return shown;
        }
    }
  else if (c < 0x20 || c == 0x7f)
    {
      g_snprintf (shown, 8, "\\x%02x", c);
      return shown;
    }
  memcpy (shown, p, len);
  shown[len] = '\0';
  return shown;
}

G_GNUC_PRINTF (3, 4)
static gboolean
syntax_error (Reader     *reader,
              guint       column,
              const char *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (reader->error_column != NULL)
    *reader->error_column = column;
  if (reader->error == NULL)
    return FALSE;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (reader->error, SP_CORE_ERROR, SP_CORE_ERROR_SYNTAX,
               /* Translators: %u is the position of a character in the hand as written
                * (counted from 1), %s one of the parser's messages that follow. */
               _("character %u: %s"), column, message);
  return FALSE;
}

/* Reads a group of tiles (digits then a suit letter, or honours) up to a token that is not
 * part of one.  Inside a meld a trailing digit without a suit is the meld's ",N".  More tiles
 * than @capacity is an error of its own, told through @overflow so that a meld can word it as
 * a syntax error without reading the GError back (the caller's @error may be NULL). */
static gboolean
read_tiles (Reader   *reader,
            gboolean  in_meld,
            SpTile   *tiles,
            guint     capacity,
            guint    *n_tiles,
            int      *trailing_digit,
            gboolean *overflow)
{
  guint8 digits[32];
  guint n_digits = 0;
  guint first_digit_column = 0;
  guint n = *n_tiles;
  char shown[8];

  *trailing_digit = -1;
  *overflow = FALSE;
  for (;;)
    {
      Token token = peek_token (reader);

      switch (token.kind)
        {
        case TOKEN_DIGIT:
          if (token.value == 0 && !reader->red_fives)
            return syntax_error (reader, token.column, _("0 is not a tile rank"));
          if (n_digits == G_N_ELEMENTS (digits))
            return syntax_error (reader, token.column, _("too many digits without a suit"));
          if (n_digits == 0)
            first_digit_column = token.column;
          digits[n_digits++] = token.value;
          break;

        case TOKEN_SUIT:
          if (n_digits == 0)
            /* Translators: %s is the suit letter as written: m, p or s. */
            return syntax_error (reader, token.column, _("suit '%s' without a rank before it"),
                                 token_text (&token, shown));
          for (guint i = 0; i < n_digits; i++)
            {
              if (n >= capacity)
                {
                  *overflow = TRUE;
                  return FALSE;
                }
              /* A red five (0) is a five of its suit, counted apart. */
              if (digits[i] == 0)
                reader->red[token.value]++;
              tiles[n++] = sp_tile_make ((SpSuit) token.value, digits[i] != 0 ? digits[i] : 5);
            }
          *n_tiles = n;
          n_digits = 0;
          break;

        case TOKEN_HONOR:
          if (n_digits > 0)
            return syntax_error (reader, first_digit_column, _("digits without a suit"));
          if (n >= capacity)
            {
              *overflow = TRUE;
              return FALSE;
            }
          tiles[n++] = token.value;
          *n_tiles = n;
          break;

        case TOKEN_OTHER:
          return syntax_error (reader, token.column, _("unknown character '%s'"),
                               token_text (&token, shown));

        default:
          if (n_digits > 0)
            {
              if (in_meld && n_digits == 1 && token.kind == TOKEN_CLOSE)
                *trailing_digit = (int) digits[0];
              else
                return syntax_error (reader, first_digit_column, _("digits without a suit"));
            }
          return TRUE;
        }
      advance (reader, &token);
    }
}

/* Writes @tiles in the notation (ranks grouped before their suit letter) to @out, which holds
 * two bytes a tile and the final NUL; returns the length. */
static gsize
write_tiles (char         *out,
             const SpTile *tiles,
             guint         n_tiles,
             guint8       *red)
{
  char *o = out;

  for (guint i = 0; i < n_tiles; i++)
    {
      SpTile tile = tiles[i];

      if (sp_tile_is_honor (tile))
        *o++ = "ESWNCFP"[tile - SP_TILE_EAST];
      else
        {
          guint rank = sp_tile_rank (tile);

          /* The hand's red fives are written as the first fives of their suit. */
          if (rank == 5 && red != NULL && red[sp_tile_suit (tile)] > 0)
            {
              red[sp_tile_suit (tile)]--;
              rank = 0;
            }
          *o++ = (char) ('0' + rank);
          if (i + 1 == n_tiles || sp_tile_is_honor (tiles[i + 1])
              || sp_tile_suit (tiles[i + 1]) != sp_tile_suit (tile))
            *o++ = "mps"[sp_tile_suit (tile)];
        }
    }
  *o = '\0';
  return (gsize) (o - out);
}

static void
append_tiles_text (GString      *out,
                   const SpTile *tiles,
                   guint         n_tiles,
                   guint8       *red)
{
  char buf[SP_HAND_MAX_CONCEALED * 2 + 1];

  g_string_append_len (out, buf, (gssize) write_tiles (buf, tiles, n_tiles, red));
}

/* A meld's tiles as written, in brackets, for its messages ("[124m]: not a chow"). */
static const char *
meld_text (const SpTile *tiles,
           guint         n_tiles,
           char          shown[20])
{
  gsize len = write_tiles (shown + 1, tiles, n_tiles, NULL);

  shown[0] = '[';
  shown[1 + len] = ']';
  shown[2 + len] = '\0';
  return shown;
}

static gboolean
read_meld (Reader *reader,
           SpHand *hand)
{
  Token open = peek_token (reader);
  SpTile tiles[8];
  SpTile written[8];
  guint n_tiles = 0;
  int n = -1;
  Token token;
  SpMeld meld = { 0 };
  gboolean overflow;
  char shown[20];

  advance (reader, &open);
  if (!read_tiles (reader, TRUE, tiles, G_N_ELEMENTS (tiles), &n_tiles, &n, &overflow))
    {
      if (overflow)
        return syntax_error (reader, open.column, _("a meld of more than four tiles"));
      return FALSE;
    }
  token = peek_token (reader);
  if (token.kind == TOKEN_COMMA && n < 0)
    {
      advance (reader, &token);
      token = peek_token (reader);
      if (token.kind != TOKEN_DIGIT)
        return syntax_error (reader, token.column,
                             _("',' must be followed by 1–3 (5–7 for a kong)"));
      n = (int) token.value;
      advance (reader, &token);
      token = peek_token (reader);
    }
  if (token.kind == TOKEN_OPEN)
    return syntax_error (reader, token.column, _("a bracket inside a meld"));
  if (token.kind == TOKEN_END)
    return syntax_error (reader, open.column, _("'[' is not closed"));
  if (token.kind != TOKEN_CLOSE)
    return syntax_error (reader, token.column, _("unexpected '%s' in a meld"),
                         token_text (&token, shown));
  advance (reader, &token);

  if (n_tiles == 0)
    return syntax_error (reader, open.column, _("an empty meld"));
  if (hand->n_melds >= SP_HAND_MAX_MELDS)
    {
      g_set_error (reader->error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                   _("more than %u melds: too many for any hand"), SP_HAND_MAX_MELDS);
      return FALSE;
    }

  /* Messages show the meld as written; its shape is read from its tiles in order. */
  memcpy (written, tiles, n_tiles);
  for (guint i = 1; i < n_tiles; i++)
    {
      SpTile tile = tiles[i];
      guint j = i;

      for (; j > 0 && tiles[j - 1] > tile; j--)
        tiles[j] = tiles[j - 1];
      tiles[j] = tile;
    }

  if (n_tiles == 3 && tiles[0] == tiles[1] && tiles[1] == tiles[2])
    {
      meld.kind = SP_MELD_PUNG;
      if (n > 3 || n == 0)
        /* Translators: %s is the meld as written, such as [555m]; ,1–,3 is notation. */
        return syntax_error (reader, open.column, _("%s: a pung takes ,1–,3"),
                             meld_text (written, n_tiles, shown));
      meld.from = n > 0 ? (guint8) n : SP_FROM_UNKNOWN;
    }
  else if (n_tiles == 3)
    {
      if (sp_tile_is_honor (tiles[0]) || sp_tile_is_honor (tiles[2])
          || sp_tile_suit (tiles[0]) != sp_tile_suit (tiles[2])
          || tiles[1] != tiles[0] + 1 || tiles[2] != tiles[0] + 2)
        return syntax_error (reader, open.column, _("%s: not a chow"),
                             meld_text (written, n_tiles, shown));
      meld.kind = SP_MELD_CHOW;
      if (n > 3 || n == 0)
        return syntax_error (reader, open.column, _("%s: a chow takes ,1–,3"),
                             meld_text (written, n_tiles, shown));
      meld.from = SP_FROM_LEFT;
      meld.claimed = n > 0 ? (guint8) n : 0;
    }
  else if (n_tiles == 4)
    {
      if (tiles[0] != tiles[3])
        return syntax_error (reader, open.column, _("%s: not a kong"),
                             meld_text (written, n_tiles, shown));
      meld.kind = SP_MELD_KONG;
      if (n < 0)
        meld.kong = SP_KONG_CONCEALED;
      else if (n >= 1 && n <= 3)
        {
          meld.kong = SP_KONG_MELDED;
          meld.from = (guint8) n;
        }
      else if (n >= 5 && n <= 7)
        {
          meld.kong = SP_KONG_ADDED;
          meld.from = (guint8) (n - 4);
        }
      else
        return syntax_error (reader, open.column, _("%s: a kong takes ,1–,3 or ,5–,7"),
                             meld_text (written, n_tiles, shown));
    }
  else
    return syntax_error (reader, open.column, _("%s: not a chow, pung or kong"),
                         meld_text (written, n_tiles, shown));

  meld.tile = tiles[0];
  hand->melds[hand->n_melds++] = meld;
  return TRUE;
}

/* The common case first: a hand of letters, digits, brackets and spaces that parses, read in a
 * tight loop over its bytes.  It accepts only what the reader above accepts, giving the same
 * hand; on anything else (a Chinese honour, any fault) it gives up, and the reader, which
 * words the messages, reads the text from the start. */
static gboolean
parse_quickly (const char *text,
               gboolean    red_fives,
               SpHand     *hand)
{
  const guchar *p = (const guchar *) text;
  guint8 digits[SP_HAND_MAX_CONCEALED];
  guint n_digits = 0;
  guint n = 0;

  sp_bytes_clear (hand, sizeof *hand);
  for (;;)
    {
      SpTile tiles[4];
      guint n_tiles = 0;
      int suffix = -1;
      SpMeld meld = { 0 };

      while (char_classes[*p] == CLASS_SPACE)
        p++;
      if (*p != '[')
        break;
      p++;
      /* Tests in the order of their frequency, as branches the processor can predict (a
       * switch would be an indirect jump). */
      for (;;)
        {
          guchar c = *p++;
          guint kind = char_classes[c];

          if (kind == TOKEN_DIGIT)
            {
              if ((c == '0' && !red_fives) || n_digits >= 4)
                return FALSE;
              digits[n_digits++] = (guint8) (c - '0');
            }
          else if (kind == TOKEN_SUIT)
            {
              if (n_digits == 0 || n_tiles + n_digits > 4)
                return FALSE;
              for (guint i = 0; i < n_digits; i++)
                {
                  hand->red[char_values[c]] += digits[i] == 0;
                  tiles[n_tiles++] = sp_tile_make ((SpSuit) char_values[c],
                                                   digits[i] != 0 ? digits[i] : 5);
                }
              n_digits = 0;
            }
          else if (kind == TOKEN_CLOSE)
            {
              if (n_digits == 1 && digits[0] != 0)
                suffix = digits[0];
              else if (n_digits > 0)
                return FALSE;
              break;
            }
          else if (kind == TOKEN_HONOR)
            {
              if (n_digits > 0 || n_tiles >= 4)
                return FALSE;
              tiles[n_tiles++] = char_values[c];
            }
          else if (kind == TOKEN_COMMA)
            {
              if (n_digits > 0)
                return FALSE;
              while (char_classes[*p] == CLASS_SPACE)
                p++;
              if (*p < '1' || *p > '9')
                return FALSE;
              suffix = *p++ - '0';
              while (char_classes[*p] == CLASS_SPACE)
                p++;
              if (*p++ != ']')
                return FALSE;
              break;
            }
          else if (kind != CLASS_SPACE)
            return FALSE;
        }
      n_digits = 0;
      if (hand->n_melds >= SP_HAND_MAX_MELDS || n_tiles < 3)
        return FALSE;
      for (guint i = 1; i < n_tiles; i++)
        for (guint j = i; j > 0 && tiles[j - 1] > tiles[j]; j--)
          {
            SpTile x = tiles[j];

            tiles[j] = tiles[j - 1];
            tiles[j - 1] = x;
          }
      if (n_tiles == 3 && tiles[0] == tiles[2])
        {
          if (suffix > 3)
            return FALSE;
          meld.kind = SP_MELD_PUNG;
          meld.from = suffix > 0 ? (guint8) suffix : SP_FROM_UNKNOWN;
        }
      else if (n_tiles == 3)
        {
          if (tiles[2] >= SP_TILE_EAST || sp_tile_suit (tiles[0]) != sp_tile_suit (tiles[2])
              || tiles[1] != tiles[0] + 1 || tiles[2] != tiles[0] + 2 || suffix > 3)
            return FALSE;
          meld.kind = SP_MELD_CHOW;
          meld.from = SP_FROM_LEFT;
          meld.claimed = suffix > 0 ? (guint8) suffix : 0;
        }
      else
        {
          if (tiles[0] != tiles[3])
            return FALSE;
          meld.kind = SP_MELD_KONG;
          if (suffix < 0)
            meld.kong = SP_KONG_CONCEALED;
          else if (suffix <= 3)
            {
              meld.kong = SP_KONG_MELDED;
              meld.from = (guint8) suffix;
            }
          else if (suffix >= 5 && suffix <= 7)
            {
              meld.kong = SP_KONG_ADDED;
              meld.from = (guint8) (suffix - 4);
            }
          else
            return FALSE;
        }
      meld.tile = tiles[0];
      hand->melds[hand->n_melds++] = meld;
    }

  /* A run of ranks is written down as tiles of the first suit, then moved to the suit its
   * letter names (a space or anything else inside the run is left to the reader); the counts
   * are made at the end. */
  for (;;)
    {
      guchar c = *p;

      if ((c >= '1' && c <= '9') || (c == '0' && red_fives))
        {
          guint start = n;
          guint8 shift;
          guint8 n_red = 0;

          do
            {
              if (n >= SP_HAND_MAX_CONCEALED)
                return FALSE;
              n_red += c == '0';
              hand->concealed[n++] = (SpTile) (c != '0' ? c - '1' : 4);
              c = *++p;
            }
          while ((c >= '1' && c <= '9') || (c == '0' && red_fives));
          if (char_classes[c] != TOKEN_SUIT)
            return FALSE;
          p++;
          hand->red[char_values[c]] += n_red;
          shift = (guint8) (9 * char_values[c]);
          if (shift != 0)
            for (guint i = start; i < n; i++)
              hand->concealed[i] += shift;
        }
      else if (c == '\0')
        {
          if (hand->n_melds == 0 && n == 0)
            return FALSE;
          break;
        }
      else
        {
          guint kind = char_classes[c];

          p++;
          if (kind == TOKEN_HONOR)
            {
              if (n >= SP_HAND_MAX_CONCEALED)
                return FALSE;
              hand->concealed[n++] = char_values[c];
            }
          else if (kind != CLASS_SPACE)
            return FALSE;
        }
    }
  for (guint i = 0; i < n; i++)
    hand->counts[hand->concealed[i]]++;
  hand->n_concealed = (guint8) n;
  return TRUE;
}

/* The notation of SPEC.md §2, with the digit 0 a red five where @red_fives. */
static inline gboolean
parse_notation (const char  *text,
                gboolean     red_fives,
                SpHand      *hand,
                guint       *error_column,
                GError     **error)
{
  Reader reader = { text, 1, error, error_column, red_fives, NULL };
  Token token;
  char shown[8];

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (hand != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (error_column != NULL)
    *error_column = 0;
  if (G_LIKELY (parse_quickly (text, reader.red_fives, hand)))
    return TRUE;
  memset (hand, 0, sizeof *hand);
  reader.red = hand->red;

  for (token = peek_token (&reader); token.kind == TOKEN_OPEN; token = peek_token (&reader))
    {
      if (!read_meld (&reader, hand))
        return FALSE;
    }

  {
    int unused;
    guint n = 0;
    gboolean overflow;

    if (!read_tiles (&reader, FALSE, hand->concealed, SP_HAND_MAX_CONCEALED, &n, &unused,
                     &overflow))
      {
        if (overflow)
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                       _("more than %u tiles: too many for any hand"), SP_HAND_MAX_CONCEALED);
        return FALSE;
      }
    hand->n_concealed = (guint8) n;
  }

  token = peek_token (&reader);
  switch (token.kind)
    {
    case TOKEN_END:
      break;
    case TOKEN_OPEN:
      return syntax_error (&reader, token.column, _("a meld after the concealed tiles"));
    case TOKEN_CLOSE:
      return syntax_error (&reader, token.column, _("']' without '['"));
    case TOKEN_COMMA:
      return syntax_error (&reader, token.column, _("',' outside a meld"));
    default:
      return syntax_error (&reader, token.column, _("unknown character '%s'"),
                           token_text (&token, shown));
    }

  if (hand->n_melds == 0 && hand->n_concealed == 0)
    return syntax_error (&reader, 1, _("an empty hand"));

  for (guint i = 0; i < hand->n_concealed; i++)
    hand->counts[hand->concealed[i]]++;
  return TRUE;
}

gboolean
sp_hand_parse (const char  *text,
               SpHand      *hand,
               GError     **error)
{
  return sp_hand_parse_at (text, hand, NULL, error);
}

gboolean
sp_hand_parse_at (const char  *text,
                  SpHand      *hand,
                  guint       *error_column,
                  GError     **error)
{
  return parse_notation (text, FALSE, hand, error_column, error);
}

gboolean
sp_hand_parse_for (SpRuleset    ruleset,
                   const char  *text,
                   SpHand      *hand,
                   guint       *error_column,
                   GError     **error)
{
  return parse_notation (text, sp_ruleset_has_red_fives (ruleset), hand, error_column, error);
}

char *
sp_hand_to_string (const SpHand *hand)
{
  GString *out;
  guint8 red[3];

  g_return_val_if_fail (hand != NULL, NULL);

  memcpy (red, hand->red, sizeof red);
  out = g_string_new (NULL);
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];
      SpTile tiles[4];
      guint n = sp_meld_n_tiles (meld);
      int suffix = 0;

      for (guint j = 0; j < n; j++)
        tiles[j] = (SpTile) (meld->kind == SP_MELD_CHOW ? meld->tile + j : meld->tile);
      g_string_append_c (out, '[');
      append_tiles_text (out, tiles, n, red);
      switch ((SpMeldKind) meld->kind)
        {
        case SP_MELD_CHOW:
          suffix = meld->claimed;
          break;
        case SP_MELD_PUNG:
          suffix = meld->from;
          break;
        case SP_MELD_KONG:
          suffix = meld->kong == SP_KONG_MELDED ? meld->from
                   : meld->kong == SP_KONG_ADDED ? meld->from + 4 : 0;
          break;
        default:
          g_assert_not_reached ();
        }
      if (suffix > 0)
        g_string_append_printf (out, ",%d", suffix);
      g_string_append_c (out, ']');
    }
  append_tiles_text (out, hand->concealed, hand->n_concealed, red);
  return g_string_free (out, FALSE);
}

gboolean
sp_hand_equal (const SpHand *a,
               const SpHand *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->n_melds != b->n_melds || a->n_concealed != b->n_concealed)
    return FALSE;
  for (guint i = 0; i < a->n_melds; i++)
    {
      const SpMeld *x = &a->melds[i];
      const SpMeld *y = &b->melds[i];

      if (x->kind != y->kind || x->tile != y->tile || x->kong != y->kong || x->from != y->from
          || x->claimed != y->claimed)
        return FALSE;
    }
  return memcmp (a->concealed, b->concealed, a->n_concealed) == 0
         && memcmp (a->counts, b->counts, sizeof a->counts) == 0
         && memcmp (a->red, b->red, sizeof a->red) == 0;
}

guint
sp_hand_n_kongs (const SpHand *hand)
{
  guint n = 0;

  for (guint i = 0; i < hand->n_melds; i++)
    n += hand->melds[i].kind == SP_MELD_KONG;
  return n;
}

void
sp_hand_all_counts (const SpHand *hand,
                    guint8        counts[SP_N_TILE_KINDS])
{
  memcpy (counts, hand->counts, SP_N_TILE_KINDS);
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];

      if (meld->kind == SP_MELD_CHOW)
        {
          counts[meld->tile]++;
          counts[meld->tile + 1]++;
          counts[meld->tile + 2]++;
        }
      else
        counts[meld->tile] += (guint8) sp_meld_n_tiles (meld);
    }
}

guint
sp_hand_n_tiles (const SpHand *hand)
{
  guint n = hand->n_concealed;

  for (guint i = 0; i < hand->n_melds; i++)
    n += sp_meld_n_tiles (&hand->melds[i]);
  return n;
}

gboolean
sp_hand_check_copies (const SpHand  *hand,
                      GError       **error)
{
  guint8 seen[SP_N_TILE_KINDS] = { 0 };
  guint position = 0;
  SpTile order[SP_HAND_MAX_MELDS * 4 + SP_HAND_MAX_CONCEALED];
  guint n = 0;
  guint8 counts[SP_N_TILE_KINDS];
  gboolean fifth = FALSE;

  /* Every hand scored comes through here: count the kinds first, and find where the fifth
   * copy was written only when there is one. */
  sp_hand_all_counts (hand, counts);
  fifth = sp_counts_mask (counts, 4, FALSE) != 0;
  if (!fifth)
    return TRUE;

  /* The reading order of the notation: melds first, then the concealed tiles. */
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];

      for (guint j = 0; j < sp_meld_n_tiles (meld); j++)
        order[n++] = (SpTile) (meld->kind == SP_MELD_CHOW ? meld->tile + j : meld->tile);
    }
  for (guint i = 0; i < hand->n_concealed; i++)
    order[n++] = hand->concealed[i];

  for (position = 0; position < n; position++)
    {
      SpTile tile = order[position];

      /* The first kind to reach five copies, where its fifth was written. */
      if (++seen[tile] > 4)
        {
          char buf[SP_TILE_STRING_SIZE];

          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_TOO_MANY_COPIES,
                       /* Translators: %u is the tile's position in the hand (from 1), %s the
                        * tile in notation (5p, E, …). */
                       _("tile %u: a fifth %s"), position + 1, sp_tile_to_string (tile, buf));
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
sp_hand_check_tile_count (const SpHand  *hand,
                          SpRuleset      ruleset,
                          gboolean       with_winning_tile,
                          GError       **error)
{
  guint n_tiles = sp_hand_n_tiles (hand);
  guint n_kongs = sp_hand_n_kongs (hand);
  guint needed = sp_ruleset_hand_size (ruleset) + (with_winning_tile ? 1 : 0);
  guint max_melds = sp_ruleset_max_melds (ruleset);

  g_return_val_if_fail (ruleset < SP_N_RULESETS, FALSE);

  if (n_tiles != needed + n_kongs || hand->n_melds > max_melds)
    {
      sp_ruleset_class (ruleset)->refuse_tile_count (n_tiles, n_kongs, needed, error);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_hand_validate (const SpHand  *hand,
                  SpRuleset      ruleset,
                  gboolean       with_winning_tile,
                  GError       **error)
{
  return sp_hand_check_copies (hand, error)
         && sp_hand_check_tile_count (hand, ruleset, with_winning_tile, error);
}
