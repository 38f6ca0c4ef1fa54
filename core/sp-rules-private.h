/* sp-rules-private.h: what each ruleset module gives the dispatcher of sp-rules.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-analysis.h"
#include "sp-entry.h"
#include "sp-rule-option-private.h"
#include "sp-rotation.h"
#include "sp-rules.h"
#include "sp-ruleset-traits.h"

G_BEGIN_DECLS

/* An item's name as the scorer writes it, and its English title (marked with NC_() in the
 * ruleset's context, SpRulesetClass.item_title_context). */
typedef struct
{
  const char *name;
  const char *title;
} SpItemTitle;

/* An item's key and the rules' own words for it, as a score sheet writes them. */
typedef struct
{
  const char *key;
  const char *term;
} SpItemTerm;

/* A ruleset module: immutable data and functions, one per ruleset.  It is the one description
 * of its ruleset: the rest of core/ asks it (through sp_ruleset_class () or
 * sp_rules_get_class ()) and never tests the ruleset's name, so that a further ruleset is its
 * own files, a value of SpRuleset and a line of sp_ruleset_classes (sp-rules.c).  A hook left
 * NULL says the ruleset has no such thing, as each field's comment tells. */
typedef struct
{
  const char * const *profiles;     /* NULL-terminated; the first is the default */
  gsize               options_size; /* the module's options struct */
  /* Every option is first set to its default (the table's); then, when not NULL, this
   * changes what @profile changes. */
  gboolean          (*init_options) (gpointer       options,
                                     const char    *profile,
                                     GError       **error);
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

  /* ---- The rest of the ruleset's description, as core/ asks it ---------------------- */
  /* How each of @options is stored in the options struct, one a SpRuleOption. */
  const SpOptionField *option_fields;
  /* The options the table leaves to the module (SP_OPTION_CUSTOM, the @index-th of
   * @options); NULL where there is none. */
  gboolean          (*set_custom_option) (gpointer      options,
                                          guint         index,
                                          const char   *value,
                                          GError      **error);
  char             *(*get_custom_option) (gconstpointer options,
                                          guint         index);
  const char         *name;        /* as the notation, the store and --rules write it */
  const char         *title;       /* N_(): as the window names the rules ("MCR 国标") */
  /* N_(): as a refusal names the rules ("more than any MCR hand") */
  const char         *short_title;
  /* The unit of a hand's total in a refusal ("8 fan", "5 台"): N_() where English has a word
   * for it, the rules' own word otherwise. */
  const char         *unit;
  guint8              hand_size;   /* a ready hand without kongs: 13 or 16 */
  guint8              max_melds;
  gboolean            red_fives;   /* the notation's 0m 0p 0s are red fives */
  SpShapes            shapes;      /* the winning shapes besides (or instead of) the sets */
  SpRulesetSettings   settings;
  /* Sets @error to SP_CORE_ERROR_WRONG_TILE_COUNT for a hand of @n_tiles with @n_kongs that
   * needs @needed tiles without its kongs' fourth tiles (sp_hand_check_tile_count).  A
   * function, not a message, so that the compiler checks the message's format. */
  void              (*refuse_tile_count) (guint          n_tiles,
                                          guint          n_kongs,
                                          guint          needed,
                                          GError       **error);
  /* Guangdong's 小相公: a hand short of tiles with two or more concealed may still win. */
  gboolean            short_hand_may_win;
  /* A replacement after a melded kong of a discard may win (Guangdong, with its 杠上开花
   * liability; sp_referee_check_situation). */
  gboolean            melded_kong_replacement_wins;
  /* The items' titles (sp_score_item_title, sp-score-titles.c) translated in
   * @item_title_context; an item not there is looked up in @more_item_titles (Guangdong names
   * many MCR fans), if given.  Each list ends with a NULL name. */
  const SpItemTitle  *item_titles;
  const char         *item_title_context;
  const SpItemTitle  *more_item_titles;
  const char         *more_item_title_context;
  /* The rules' own words for the items where their names are keys (sp_score_item_term), to
   * a NULL key; NULL where the names are the rules' own words. */
  const SpItemTerm   *item_terms;
  SpRotationKind      rotation;
  /* With SP_RULESET_HAS_DEALER_REPEATS, the rotation of a tournament that plays 連莊. */
  SpRotationKind      repeating_rotation;
  /* The tournament's defaults (sp_tournament_init_defaults): its draw, its ranking, and its
   * stakes (both said when neither is). */
  const char         *default_seating;
  const char         *default_ranking;
  gint32              default_base;
  gint32              default_per_unit;
  /* A claimed total (`hand add --fan N`): the least a win needs (起和) and the most any hand
   * can score (sp_hand_entry_max_total). */
  void              (*claim_bounds)      (gconstpointer  options,
                                          gint64        *least,
                                          gint64        *most);
  /* The flowers given with a claimed total are counted in it (MCR's 花牌, 1 fan each). */
  gboolean            flowers_in_claimed_total;
  /* A liable player (包牌, --liable) pays as the rules say. */
  gboolean            liable_payer;
  /* N_(): why a stake the ruleset does not play with (a base without
   * SP_RULESET_HAS_BASE, a per-tai amount without SP_RULESET_HAS_PER_UNIT) is refused. */
  const char         *stakes_refusal;
  /* N_(): why a false win with a claimed total is refused where penalize_claim is NULL. */
  const char         *false_claim_refusal;
  /* Whether the false win of @result disqualifies the offender (sp_hand_entry_disqualifies);
   * NULL where none does. */
  gboolean          (*disqualifies)      (gconstpointer        options,
                                          const SpScoreResult *result);
  /* Judges a hand entered at a table in the ruleset's own way (sp_hand_entry_judge: the
   * entry, the table and the record are checked, @result and @record reset); NULL where a
   * hand is a win by tiles or a claimed total, or a draw. */
  gboolean          (*judge_entry)       (const SpHandEntry  *entry,
                                          const SpTable      *table,
                                          const SpTournament *tournament,
                                          const SpRules      *rules,
                                          SpHandRecord       *record,
                                          SpScoreResult      *result,
                                          GError            **error);
  /* The verdicts of a recorded hand's wins (sp_hand_record_score_wins); NULL where the record
   * keeps all a front end shows. */
  gboolean          (*score_record_wins) (const SpHandRecord *record,
                                          const SpRotation   *rotation,
                                          const SpRules      *rules,
                                          SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                                          guint              *n_wins,
                                          GError            **error);

  /* What the window, the reports and the CLI ask of the ruleset (sp-ruleset-traits.h): the
   * answers as data, set by each module with designated initialisers. */
  SpRulesetTraits traits;
} SpRulesetClass;

extern const SpRulesetClass sp_mcr_class;
extern const SpRulesetClass sp_taiwan_class;
extern const SpRulesetClass sp_guangdong_class;
extern const SpRulesetClass sp_riichi_class;

/* The items' titles and terms of each ruleset (sp-score-titles.c). */
extern const SpItemTitle sp_mcr_item_titles[];
extern const SpItemTitle sp_taiwan_item_titles[];
extern const SpItemTitle sp_guangdong_item_titles[];
extern const SpItemTitle sp_riichi_item_titles[];
extern const SpItemTerm  sp_riichi_item_terms[];

/* Every ruleset's description, in SpRuleset order. */
extern const SpRulesetClass * const sp_ruleset_classes[SP_N_RULESETS];

/* The description of @ruleset, which must be one of SpRuleset. */
static inline const SpRulesetClass *
sp_ruleset_class (SpRuleset ruleset)
{
  return sp_ruleset_classes[ruleset];
}

/* The description of @rules' ruleset. */
const SpRulesetClass *sp_rules_get_class (const SpRules *rules);
/* The options struct of @rules, as the ruleset's module reads it. */
gconstpointer         sp_rules_get_options (const SpRules *rules);

/* Sets @key of @klass's @options through its table (and its custom options' setter). */
gboolean sp_ruleset_class_set_option (const SpRulesetClass  *klass,
                                      gpointer               options,
                                      const char            *key,
                                      const char            *value,
                                      GError               **error);

G_END_DECLS
