/* sp-core-error.h: the rules core's error domain and its stable machine codes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SP_CORE_ERROR (sp_core_error_quark ())

/* In the order SPEC.md §3.1 reports them when a hand has several faults. */
typedef enum
{
  SP_CORE_ERROR_SYNTAX,
  SP_CORE_ERROR_TOO_MANY_COPIES,
  SP_CORE_ERROR_WRONG_TILE_COUNT,
  SP_CORE_ERROR_BAD_SITUATION,
  SP_CORE_ERROR_NOT_A_WIN,
  SP_CORE_ERROR_BELOW_MINIMUM,
  SP_CORE_ERROR_INVALID, /* any other refused input (an unknown option, a bad value) */
  /* Riichi: a complete hand without yaku (a chombo when declared).  SPEC.md §3.1 reports it
   * where the other rulesets report below-minimum; it is numbered last so that the others'
   * codes keep their values. */
  SP_CORE_ERROR_NO_YAKU,
} SpCoreError;

GQuark      sp_core_error_quark      (void);
const char *sp_core_error_code_name  (SpCoreError code);

G_END_DECLS
