/* bench-web-phones.h: a hall of phones for the benchmarks, polling the players' view as its
 * pages' script does (/api/version every few seconds, the page loaded again when the version
 * moved), each phone on its own connection, all in a thread of their own.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

typedef struct _BenchPhones BenchPhones;

/* @n_phones phones polling @url ("http://127.0.0.1:PORT/") every @poll_ms, spread over it. */
BenchPhones *bench_phones_start (const char  *url,
                                 guint        n_phones,
                                 guint        poll_ms);
/* Stops them and prints what they did: polls, 304s, new versions, pages, errors. */
void         bench_phones_stop  (BenchPhones *phones);
