/* sp-rule-option.c: table-driven options of the ruleset modules.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-rule-option-private.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

static int
find_option (const SpRuleOption *options,
             guint               n_options,
             const char         *key)
{
  for (guint i = 0; i < n_options; i++)
    if (strcmp (options[i].key, key) == 0)
      return (int) i;
  return -1;
}

/* The index of @value among the '|'-separated @values, -1 if it is not one of them. */
static int
find_value (const char *values,
            const char *value)
{
  gsize length = strlen (value);
  const char *segment = values;
  int index = 0;

  while (segment != NULL)
    {
      const char *bar = strchr (segment, '|');
      gsize segment_length = bar != NULL ? (gsize) (bar - segment) : strlen (segment);

      if (segment_length == length && strncmp (segment, value, length) == 0)
        return index;
      segment = bar != NULL ? bar + 1 : NULL;
      index++;
    }
  return -1;
}

/* The @index-th of the '|'-separated @values, as a new string. */
static char *
nth_value (const char *values,
           int         index)
{
  const char *segment = values;
  const char *bar;

  for (int i = 0; i < index && segment != NULL; i++)
    {
      bar = strchr (segment, '|');
      segment = bar != NULL ? bar + 1 : NULL;
    }
  if (segment == NULL)
    return NULL;
  bar = strchr (segment, '|');
  return bar != NULL ? g_strndup (segment, (gsize) (bar - segment)) : g_strdup (segment);
}

/* The one of the '|'-separated @values that reads as @number (a word such as off reads as 0). */
static char *
number_value (const char *values,
              gint32      number)
{
  const char *segment = values;
  int index = 0;

  while (segment != NULL)
    {
      const char *bar = strchr (segment, '|');

      if (strtol (segment, NULL, 10) == number)
        return nth_value (values, index);
      segment = bar != NULL ? bar + 1 : NULL;
      index++;
    }
  return g_strdup_printf ("%d", number);
}

gboolean
sp_rule_options_set (const SpRuleOption  *options,
                     const SpOptionField *fields,
                     guint                n_options,
                     gpointer             storage,
                     const char          *key,
                     const char          *value,
                     int                 *custom,
                     GError             **error)
{
  int i = find_option (options, n_options, key);
  gint32 *field;
  int index;

  *custom = -1;
  if (i < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("unknown option '%s' (see --list-options)"), key);
      return FALSE;
    }
  if (fields[i].kind == SP_OPTION_CUSTOM)
    {
      *custom = i;
      return TRUE;
    }
  field = G_STRUCT_MEMBER_P (storage, fields[i].offset);
  if (fields[i].kind == SP_OPTION_INTEGER)
    {
      gint64 n;

      if (!g_ascii_string_to_signed (value, 10, fields[i].min, fields[i].max, &n, NULL))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: the first %s is an option's name, the second the
                        * value given. */
                       _("option %s: '%s' is not a whole number from %d to %d"), key, value,
                       fields[i].min, fields[i].max);
          return FALSE;
        }
      *field = (gint32) n;
      return TRUE;
    }
  /* A switch also reads true and false. */
  if (fields[i].kind == SP_OPTION_SWITCH && strcmp (value, "true") == 0)
    value = "on";
  else if (fields[i].kind == SP_OPTION_SWITCH && strcmp (value, "false") == 0)
    value = "off";
  index = find_value (options[i].values, value);
  if (index < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: the first %s is an option's name, the second the value
                    * given, the third the accepted values, such as on|off. */
                   _("option %s: '%s' is not one of %s"), key, value, options[i].values);
      return FALSE;
    }
  switch (fields[i].kind)
    {
    case SP_OPTION_SWITCH:
      *field = strcmp (value, "on") == 0;
      break;
    case SP_OPTION_CHOICE:
      *field = index;
      break;
    case SP_OPTION_NUMBER:
      *field = (gint32) strtol (value, NULL, 10);
      break;
    case SP_OPTION_INTEGER:
    case SP_OPTION_CUSTOM:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

char *
sp_rule_options_get (const SpRuleOption  *options,
                     const SpOptionField *fields,
                     guint                n_options,
                     gconstpointer        storage,
                     const char          *key,
                     int                 *custom)
{
  int i = find_option (options, n_options, key);
  const gint32 *field;

  *custom = -1;
  if (i < 0)
    return NULL;
  if (fields[i].kind == SP_OPTION_CUSTOM)
    {
      *custom = i;
      return NULL;
    }
  field = G_STRUCT_MEMBER_P (storage, fields[i].offset);
  switch (fields[i].kind)
    {
    case SP_OPTION_SWITCH:
      return g_strdup (*field ? "on" : "off");
    case SP_OPTION_CHOICE:
      return nth_value (options[i].values, *field);
    case SP_OPTION_NUMBER:
      return number_value (options[i].values, *field);
    case SP_OPTION_INTEGER:
      return g_strdup_printf ("%d", *field);
    case SP_OPTION_CUSTOM:
    default:
      g_assert_not_reached ();
    }
}
