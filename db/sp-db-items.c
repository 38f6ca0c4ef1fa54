/* sp-db-items.c: a hand's items as the store keeps them, a JSON array in hands.items and in
 * each further winner of hands.also_won, written and read back.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <json-glib/json-glib.h>
#include <string.h>

char *
sp_db_json_builder_to_text (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

const char *
sp_db_json_member_text (JsonObject *object,
                        const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

char *
sp_db_items_to_json (const SpHandItems *items)
{
  g_autoptr(JsonBuilder) builder = NULL;

  if (items == NULL)
    return NULL;
  builder = json_builder_new ();
  json_builder_begin_array (builder);
  for (guint i = 0; i < items->n_items; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, items->items[i].name);
      json_builder_set_member_name (builder, "value");
      json_builder_add_int_value (builder, items->items[i].value);
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, items->items[i].count);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return sp_db_json_builder_to_text (builder);
}

/* The member @key of @object when it is a whole number, else @default_value. */
static gint64
member_int (JsonObject *object,
            const char *key,
            gint64      default_value)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node)
                                                             : default_value;
}

SpHandItems *
sp_db_items_from_json_parsed (const char *text)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GArray) read = NULL;
  JsonArray *array;
  JsonNode *root;

  if (text == NULL)
    return NULL;
  read = g_array_new (FALSE, FALSE, sizeof (SpScoreItem));
  parser = json_parser_new_immutable ();
  /* An empty text parses to no root at all. */
  if (json_parser_load_from_data (parser, text, -1, NULL)
      && (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_ARRAY (root))
    {
      array = json_node_get_array (root);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *node = json_array_get_element (array, i);
          JsonObject *object;
          const char *name;
          SpScoreItem item;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          object = json_node_get_object (node);
          name = sp_db_json_member_text (object, "name");
          if (name == NULL)
            continue;
          item.name = name;
          item.value = (gint32) CLAMP (member_int (object, "value", 0), G_MININT32, G_MAXINT32);
          item.count = (guint32) CLAMP (member_int (object, "count", 1), 0, G_MAXUINT32);
          g_array_append_val (read, item);
        }
    }
  /* The names still belong to the parser: the items copy them. */
  return sp_hand_items_new ((const SpScoreItem *) read->data, read->len);
}

/* Reads @literal at *@p, moving past it; FALSE, not moving, when the text there differs. */
static gboolean
skip_literal (const char **p,
              const char  *literal,
              gsize        length)
{
  if (strncmp (*p, literal, length) != 0)
    return FALSE;
  *p += length;
  return TRUE;
}

/* A whole number as the generator writes one (an optional minus, then 1 to 18 digits with no
 * leading zero), read at *@p into @number; FALSE for any other text, which is left to the
 * parser (a longer number is read by it as it reads one). */
static gboolean
read_whole_number (const char **p,
                   gint64      *number)
{
  const char *q = *p;
  gboolean negative = *q == '-';
  gint64 value = 0;
  guint digits = 0;

  if (negative)
    q++;
  if (*q == '0' && g_ascii_isdigit (q[1]))
    return FALSE;
  for (; g_ascii_isdigit (*q); q++, digits++)
    {
      if (digits == 18)
        return FALSE;
      value = value * 10 + (*q - '0');
    }
  /* A fraction or an exponent makes no whole number. */
  if (digits == 0 || *q == '.' || *q == 'e' || *q == 'E')
    return FALSE;
  *number = negative ? -value : value;
  *p = q;
  return TRUE;
}

/* One item as the generator writes it, {"name":"…","value":N,"count":N}, at *@p: its name's
 * bytes (no escapes, no control characters, valid UTF-8) and its numbers as the parser's
 * reading gives them; FALSE for any other text. */
static gboolean
read_item (const char **p,
           const char **name,
           gsize       *name_length,
           gint64      *value,
           gint64      *count)
{
  const char *q = *p;
  const char *start;

  if (!skip_literal (&q, "{\"name\":\"", 9))
    return FALSE;
  start = q;
  for (; *q != '"'; q++)
    /* An escape, a control character or the end of the text: the parser's to read. */
    if (*q == '\\' || (guchar) *q < 0x20)
      return FALSE;
  if (!g_utf8_validate (start, q - start, NULL))
    return FALSE;
  *name = start;
  *name_length = q - start;
  q++;
  if (!skip_literal (&q, ",\"value\":", 9) || !read_whole_number (&q, value)
      || !skip_literal (&q, ",\"count\":", 9) || !read_whole_number (&q, count)
      || *q != '}')
    return FALSE;
  *p = q + 1;
  return TRUE;
}

/* The most items a hand's column is read with on the stack; more go to the parser. */
#define STRICT_MAX_ITEMS 64

gboolean
sp_db_items_from_json_strict (const char   *text,
                              SpHandItems **items)
{
  SpScoreItem read[STRICT_MAX_ITEMS];
  gsize lengths[STRICT_MAX_ITEMS];
  const char *names[STRICT_MAX_ITEMS];
  const char *p = text;
  guint n = 0;
  gsize total = 0;
  g_autofree char *block = NULL;
  char *name;

  g_return_val_if_fail (text != NULL && items != NULL, FALSE);

  if (*p++ != '[')
    return FALSE;
  while (*p != ']')
    {
      gint64 value, count;

      if (n == STRICT_MAX_ITEMS || (n > 0 && *p++ != ',')
          || !read_item (&p, &names[n], &lengths[n], &value, &count))
        return FALSE;
      read[n].value = (gint32) CLAMP (value, G_MININT32, G_MAXINT32);
      read[n].count = (guint32) CLAMP (count, 0, G_MAXUINT32);
      total += lengths[n] + 1;
      n++;
    }
  /* Nothing after the array, not even a space: the generator writes none. */
  if (p[1] != '\0')
    return FALSE;
  /* The names NUL-terminated for sp_hand_items_new (), which copies them. */
  block = g_malloc (total + 1);
  name = block;
  for (guint i = 0; i < n; i++)
    {
      memcpy (name, names[i], lengths[i]);
      name[lengths[i]] = '\0';
      read[i].name = name;
      name += lengths[i] + 1;
    }
  *items = sp_hand_items_new (read, n);
  return TRUE;
}

SpHandItems *
sp_db_items_from_json (const char *text)
{
  SpHandItems *items = NULL;

  if (text == NULL)
    return NULL;
  /* Every column the store wrote is of the generator's form, read without building a tree
   * (the hands of a whole tournament are read for each report); anything else is read by
   * json-glib, as it always was. */
  if (sp_db_items_from_json_strict (text, &items))
    return items;
  return sp_db_items_from_json_parsed (text);
}
