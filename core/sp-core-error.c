/* sp-core-error.c: the rules core's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-core-error.h"

G_DEFINE_QUARK (sp-core-error-quark, sp_core_error)

const char *
sp_core_error_code_name (SpCoreError code)
{
  switch (code)
    {
    case SP_CORE_ERROR_SYNTAX:
      return "syntax";
    case SP_CORE_ERROR_TOO_MANY_COPIES:
      return "too-many-copies";
    case SP_CORE_ERROR_WRONG_TILE_COUNT:
      return "wrong-tile-count";
    case SP_CORE_ERROR_BAD_SITUATION:
      return "bad-situation";
    case SP_CORE_ERROR_NOT_A_WIN:
      return "not-a-win";
    case SP_CORE_ERROR_BELOW_MINIMUM:
      return "below-minimum";
    case SP_CORE_ERROR_NO_YAKU:
      return "no-yaku";
    case SP_CORE_ERROR_INVALID:
    default:
      return "invalid";
    }
}
