/* sp-db-error.h: the store's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SP_DB_ERROR (sp_db_error_quark ())

typedef enum
{
  SP_DB_ERROR_IO,          /* the file cannot be opened, read or written */
  SP_DB_ERROR_NOT_SPARROW, /* the file is not a Sparrow database */
  SP_DB_ERROR_TOO_NEW,     /* made by a newer Sparrow */
  SP_DB_ERROR_NOT_FOUND,   /* no such tournament, player, table, hand */
  SP_DB_ERROR_INVALID,     /* the request is understood but not acceptable */
  SP_DB_ERROR_CORRUPT,     /* the file is damaged */
  SP_DB_ERROR_BUSY,        /* another connection held the lock beyond the busy timeout */
  SP_DB_ERROR_PIN_REQUIRED, /* the director's lock is shut: sp_db_unlock () first */
  SP_DB_ERROR_PIN_WRONG,   /* the PIN given is not the director's (the attempt was logged) */
  SP_DB_ERROR_STALE,       /* the entry was made against a table or hand that has changed since */
  SP_DB_ERROR_DENIED,      /* the server's role of this connection may not make the change */
} SpDbError;

GQuark sp_db_error_quark (void);

G_END_DECLS
