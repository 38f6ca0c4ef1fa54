/* sp-db-roles.h: the PostgreSQL roles of a hall server: director, referee and viewer.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The SQL (PostgreSQL 15) a superuser runs in the tournament's database, after `db init`, to
 * create the roles director (everything), referee (hands and penalties) and viewer (read only)
 * and grant them their rights; running it again changes nothing.  Static text, never
 * translated: it is a program for the server. */
const char *sp_db_roles_sql (void);

G_END_DECLS
