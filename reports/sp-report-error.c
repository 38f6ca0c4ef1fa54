/* sp-report-error.c: the reports' error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-error.h"

G_DEFINE_QUARK (sp-report-error-quark, sp_report_error)
