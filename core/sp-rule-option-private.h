/* sp-rule-option-private.h: table-driven options of a ruleset module (on|off switches,
 * choices among named values, numbers from a list), shared by the referees.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-rules.h"

G_BEGIN_DECLS

typedef enum
{
  SP_OPTION_SWITCH,      /* "on|off", stored as 1/0 */
  SP_OPTION_CHOICE,      /* one of the '|'-separated values, stored as its index */
  SP_OPTION_NUMBER,      /* one of the '|'-separated numbers, stored as the number (a word
                          * such as off stands for 0) */
  SP_OPTION_INTEGER,     /* a whole number from min to max */
  SP_OPTION_CUSTOM,      /* parsed by the module itself */
} SpOptionKind;

/* How one option of SpRuleOption[] is stored in the module's options struct (a gint32). */
typedef struct
{
  SpOptionKind kind;
  gsize        offset;
  gint32       min;          /* SP_OPTION_INTEGER */
  gint32       max;
} SpOptionField;

/* Sets @key to @value in @options (a switch also reads true and false); FALSE with
 * SP_CORE_ERROR_INVALID naming the key and the accepted values.  A SP_OPTION_CUSTOM option is
 * left to the caller: *@custom is set to its index and TRUE is returned without touching
 * @options. */
gboolean sp_rule_options_set (const SpRuleOption  *options,
                              const SpOptionField *fields,
                              guint                n_options,
                              gpointer             storage,
                              const char          *key,
                              const char          *value,
                              int                 *custom,
                              GError             **error);
/* The value of @key as text; NULL for an unknown key or a custom one (*@custom its index). */
char    *sp_rule_options_get (const SpRuleOption  *options,
                              const SpOptionField *fields,
                              guint                n_options,
                              gconstpointer        storage,
                              const char          *key,
                              int                 *custom);

G_END_DECLS
