/* sp-hand-editor.h: a hand typed in notation or clicked on a tile palette, with the situation's
 * toggles and the rules core's live verdict; shared by the hand dialog and the calculator.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-core.h"

G_BEGIN_DECLS

#define SP_TYPE_HAND_EDITOR (sp_hand_editor_get_type ())
G_DECLARE_FINAL_TYPE (SpHandEditor, sp_hand_editor, SP, HAND_EDITOR, GtkBox)

GtkWidget           *sp_hand_editor_new           (void);
/* The ruleset and profile to score with (copied); the situation's toggles follow its terms. */
void                 sp_hand_editor_set_rules     (SpHandEditor  *self,
                                                   const SpRules *rules);
/* What the rotation knows, by the situation's stable key ("seat-wind", "round-wind", "dealer",
 * "streak", …); NULL @value clears a switch.  SP_CORE_ERROR_INVALID for a bad key or value. */
gboolean             sp_hand_editor_set_situation (SpHandEditor  *self,
                                                   const char    *key,
                                                   const char    *value,
                                                   GError       **error);
const char          *sp_hand_editor_get_text      (SpHandEditor  *self);
void                 sp_hand_editor_set_text      (SpHandEditor  *self,
                                                   const char    *text);
/* The situation as scored: what was set, the toggles and the flowers. */
void                 sp_hand_editor_get_situation (SpHandEditor  *self,
                                                   SpSituation   *situation);
/* The verdict on the hand as it stands, or NULL while it does not parse or is a hand one tile
 * short (whose waits are shown instead). */
const SpScoreResult *sp_hand_editor_get_result    (SpHandEditor  *self);
/* Puts the keyboard in the field "Hand": typing is the fastest way in. */
void                 sp_hand_editor_focus         (SpHandEditor  *self);
/* Shows or hides the situation's toggle @key (a hidden one is off): the hand dialog hides 自摸,
 * which its winner and from buttons decide. */
void                 sp_hand_editor_set_toggle_visible (SpHandEditor *self,
                                                        const char   *key,
                                                        gboolean      visible);
/* Starts the situation again: nothing set by key (set the rotation's part again), the toggles
 * and the flowers as @situation gives them, or all off for NULL. */
void                 sp_hand_editor_load_situation (SpHandEditor      *self,
                                                    const SpSituation *situation);
/* Forgets what was set by key (sp_hand_editor_set_situation), the toggles and flowers kept. */
void                 sp_hand_editor_clear_set (SpHandEditor *self);
/* The palette's smallest tiles, for a phone's width; or its usual ones. */
void                 sp_hand_editor_set_compact (SpHandEditor *self,
                                                 gboolean      compact);
/* How long the last change took to parse, score and show, in microseconds. */
gint64               sp_hand_editor_get_update_time (SpHandEditor *self);
/* Shows or hides each seat's points under the total: the hand dialog shows them only once the
 * winner and where the tile came from are chosen (until then they would be a guess's). */
void                 sp_hand_editor_set_settlement_visible (SpHandEditor *self,
                                                            gboolean      visible);

/* A Riichi result's value in words ("5 han 40 fu · Mangan 満貫", "Yakuman 役満") and its cost
 * ("Ron: 8000 from the discarder · total 9000"), for the live summaries. */
char                *sp_hand_editor_describe_value (const SpScoreResult *result);
char                *sp_hand_editor_describe_cost  (const SpScoreResult *result);

G_END_DECLS
