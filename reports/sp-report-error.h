/* sp-report-error.h: the reports' error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SP_REPORT_ERROR (sp_report_error_quark ())

typedef enum
{
  SP_REPORT_ERROR_IO,
  SP_REPORT_ERROR_FAILED,
} SpReportError;

GQuark sp_report_error_quark (void);

G_END_DECLS
