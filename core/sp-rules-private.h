/* sp-rules-private.h: what each ruleset module gives the dispatcher of sp-rules.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-rules.h"
#include "sp-ruleset-traits.h"

G_BEGIN_DECLS

/* A ruleset module: immutable data and functions, one per ruleset. */
typedef struct
{
  const char * const *profiles;     /* NULL-terminated; the first is the default */
  gsize               options_size; /* the module's options struct */
  /* NULL: every option of @options is set to its default through set_option. */
  gboolean          (*init_options) (gpointer       options,
                                     const char    *profile,
                                     GError       **error);
  gboolean          (*set_option)   (gpointer       options,
                                     const char    *key,
                                     const char    *value,
                                     GError       **error);
  char             *(*get_option)   (gconstpointer  options,
                                     const char    *key);
  const SpRuleOption *options;
  guint               n_options;
  void              (*score)        (gconstpointer      options,
                                     const SpHand      *hand,
                                     const SpSituation *situation,
                                     SpScoreResult     *result);
  /* Settlement of a win known only by its total (sp_rules_settle); NULL if not supported. */
  void              (*settle)       (gconstpointer      options,
                                     const SpSituation *situation,
                                     gint32             total,
                                     SpScoreResult     *result);
  /* The penalty of a false win known by the total claimed (sp_rules_penalize_claim); NULL
   * where a false win is judged from its tiles only. */
  void              (*penalize_claim) (gconstpointer      options,
                                       const SpSituation *situation,
                                       gint32             claimed,
                                       SpScoreResult     *result);
  /* The fields of one ruleset only (SP_SITUATION_RIICHI_FIELDS) that this one reads; any other
   * of them given is refused as bad-situation before scoring.  0 in the older modules. */
  guint32             own_situation_fields;
  /* The settlement of a win known by its han and fu (sp_rules_settle_value); NULL where hands
   * have no han and fu.  Refuses a value that cannot be with sp_score_result_refuse (). */
  void              (*settle_value) (gconstpointer      options,
                                     const SpSituation *situation,
                                     const SpHandValue *value,
                                     SpScoreResult     *result);
  /* The situation's switches a front end offers (sp_rules_list_situation_toggles). */
  const SpSituationToggle *situation_toggles;
  guint                    n_situation_toggles;

  /* What the window, the reports and the CLI ask of the ruleset (sp-ruleset-traits.h): the
   * answers as data, set by each module with designated initialisers. */
  struct
  {
    const char    *short_title;  /* N_(): "MCR", "Riichi" */
    SpRulesetUnit  unit;
    gboolean       keeps_points; /* running points, final points, uma: a hanchan */
    gboolean       has_counters; /* 本場 and riichi sticks */
    gboolean       counts_streak; /* 連莊 in a dealer's win */
    gboolean       names_dealer; /* the situation names the dealer; else East deals */
    gboolean       has_flowers;
    gboolean       has_dora;
    gboolean       places_by_uma; /* uma, and tournament points in thousandths */
    guint          form_hands;   /* hand rows per session on the paper score sheet */
    gboolean       ema_results;
    gboolean       r98_forms;    /* 附件4 and 附件6 in the workbook */
  } traits;
} SpRulesetClass;

extern const SpRulesetClass sp_mcr_class;
extern const SpRulesetClass sp_taiwan_class;
extern const SpRulesetClass sp_guangdong_class;
extern const SpRulesetClass sp_riichi_class;

G_END_DECLS
