/* sp-reports.h: spreadsheets and printouts, one header for all of them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-report-error.h"
