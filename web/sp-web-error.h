/* sp-web-error.h: the players' view's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SP_WEB_ERROR (sp_web_error_quark ())

typedef enum
{
  SP_WEB_ERROR_INVALID,  /* a bad address, port or text */
  SP_WEB_ERROR_LISTEN,   /* the address could not be listened on */
  SP_WEB_ERROR_NOT_FOUND, /* no such tournament */
} SpWebError;

GQuark sp_web_error_quark (void);

G_END_DECLS
