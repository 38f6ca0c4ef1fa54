/* sp-cli-situation.h: the SITUATION options of SPEC.md §3.1 as a GOptionGroup.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-core.h"

G_BEGIN_DECLS

/* A group of every SITUATION option (--self-drawn, --seat-wind X, --flowers N|f1,f5,…, …),
 * each setting its field of @situation through sp_situation_set() (which marks it given).  A bad
 * value is a G_OPTION_ERROR_BAD_VALUE naming the option and the value, so that
 * sp_cli_parse_options() reports it as a usage error.  @situation must outlive the parse; add
 * the group to the command's context with g_option_context_add_group(), which takes it. */
GOptionGroup *sp_cli_situation_group_new (SpSituation *situation);
/* The same options for a hand entered at a table, but --riichi, which hand add and hand edit
 * take as the seats that declared riichi. */
GOptionGroup *sp_cli_situation_group_new_at_table (SpSituation *situation);

G_END_DECLS
