#!/usr/bin/python3
# test-e2e-hall.py: a station's window joins a hall's PostgreSQL server through Connect to
# Server… (started on a file of its own, which it leaves), another station (sparrow-cli) beside
# it.  What the other station enters shows in the window within a second (SPEC.md §4: the server
# announces each change, the window reads it at once rather than at its next poll), and what is
# done in the window reaches the other station.  The real binary over the accessibility
# bus; the server is $SP_TEST_POSTGRESQL (build-aux/setup.sh test starts one), else skipped.
# TAP output (sptap.py).
#
# Usage: test-e2e-hall.py SPARROW SPARROW_CLI SCHEMA_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, app_env, do_action, dump, find,  # noqa: E402
                        find_sparrow, named, on_screen, start_app, stop_app, toplevel,
                        wait_for)

TOURNAMENT = 'Hall Open'
PLAYERS = ['Anna Berg', 'Bo Lind', 'Chen Wei', 'Dana Ross']
ADDED = ['Mei Lin', 'Zoe Li', 'Kim Park']


def login_of(uri):
    """The user of a postgresql:// URI, else the system's."""
    rest = uri.split('://', 1)[1]
    return rest.split('@', 1)[0].split(':', 1)[0] if '@' in rest.split('/', 1)[0] \
        else os.environ.get('PGUSER', os.environ.get('USER', 'postgres'))


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    server = os.environ.get('SP_TEST_POSTGRESQL', '')
    if not server or shutil.which('psql') is None:
        sptap.skip('a station on a hall server', '$SP_TEST_POSTGRESQL or psql not available')
        sptap.finish()
    name = f'sparrow_e2e_hall_{os.getpid()}'
    p = subprocess.run(['psql', '-X', '-q', '-d', server + '/postgres', '-c',
                        f'CREATE DATABASE "{name}"'], capture_output=True, text=True)
    sptap.check('a new database on the server', p.returncode == 0, p.stderr)
    db = f'{server}/{name}'
    work = tempfile.mkdtemp(prefix='sparrow-e2e-hall-')
    run = sptap.command(cli, 60)
    rc, out, err = run('--db', db, 'tournament', 'create', '--name', TOURNAMENT, '--rules', 'mcr',
                       '--sessions', '1')
    ok = rc == 0
    for player in PLAYERS:
        rc, out, err = run('--db', db, 'players', 'add', player)
        ok = ok and rc == 0
    sptap.check('the director prepares the tournament on the server', ok, err)

    app_process = start_app(sparrow, app_env(work, os.path.join(work, 'station.db'), schemas))
    app = None
    try:
        app = steps(run, db)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        if app is None:
            app = find_sparrow()
        if app is not None:
            dump(app)
    finally:
        stop_app(app_process, sptap.check)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def steps(run, db):
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent
    wait_for(lambda: find(frame, 'label', pred=lambda a: 'station.db' in (a.name or '')),
             'the window on its own file')

    # Main Menu ▸ Connect to Server…: the address, then Connect.
    pointer = Pointer(frame)
    pointer.click(wait_for(lambda: find(frame, 'push button', 'Main Menu'), 'the main menu'))
    do_action(wait_for(lambda: find(app, 'menu item', 'Connect to Server…'),
                       'Connect to Server… in the menu'))
    dialog = wait_for(lambda: toplevel(app, 'Connect to Server'), 'the Connect to Server dialog')
    address = wait_for(lambda: find(dialog, 'text', 'Server address'), 'the address field')
    address.queryEditableText().setTextContents('not a server')
    wait_for(lambda: find(dialog, 'label', pred=lambda a: 'not a server' in (a.name or '')
                          or "is not a server's address" in (a.name or '')),
             'the dialog saying what is wrong with the address')
    connect = find(dialog, 'push button', 'Connect')
    sptap.check('Connect is off while the address is no server\'s',
                connect is not None and not connect.getState().contains(
                    __import__('pyatspi').STATE_SENSITIVE))
    address.queryEditableText().setTextContents(db)
    do_action(wait_for(lambda: find(dialog, 'push button', 'Connect', pred=lambda a:
                                    a.getState().contains(__import__('pyatspi').STATE_SENSITIVE)),
                       'Connect to be offered'))
    wait_for(lambda: find(frame, 'label', pred=lambda a: db in (a.name or '')),
             'the window to name the server as its database')
    # The foot of the window says whom the station is connected as, and the role: the test
    # server's user is a superuser, the director.
    station = f'Connected to {db.rsplit("/", 1)[1]} as {login_of(db)} — Director'
    # (By pred: named () drops underscores, which the database's name has.)
    wait_for(lambda: find(frame, 'label', pred=lambda a: a.name == station),
             'the station\'s login and role')
    sptap.check('the window names the login and its role, the bar too',
                find(frame, 'panel', pred=lambda a: a.name == station) is not None, station)
    # Laid out on screen before it is clicked: the list is filled anew once the server is open.
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)
                                and on_screen(a)), "the server's tournament in the list")
    sptap.check("the window shows the server's tournament after Connect to Server…", True)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    players = wait_for(lambda: find(pages, 'tree table', 'Players'), 'the players list')
    wait_for(lambda: find(players, 'label', PLAYERS[-1]), 'the players to be listed')
    sptap.check('the window opens the tournament from the server', True)

    # Another station adds players; each shows in the window.  Timed from the command's exit
    # (its commit) to the name in the accessibility tree, which is read every 50 ms, less what
    # one reading of the tree takes (timed on the name before, already there): the test's own
    # cost, which grows with the list and the machine's load.
    delays = []
    before = PLAYERS[-1]
    for player in ADDED:
        start = time.monotonic()
        find(players, 'label', before)
        reading = time.monotonic() - start
        rc, out, err = run('--db', db, '--referee', 'Desk 2', 'players', 'add', player)
        sptap.check(f'the other station adds {player}', rc == 0, err)
        start = time.monotonic()
        deadline = start + 5
        while time.monotonic() < deadline and find(players, 'label', player) is None:
            time.sleep(0.05)
        delays.append((time.monotonic() - start, reading))
        before = player
        time.sleep(0.3)
    print('# seen in the window after ' + ', '.join(f'{d * 1000:.0f} ms (a reading of the tree '
                                                    f'{r * 1000:.0f} ms)' for d, r in delays))
    sptap.check('each change of the other station shows in the window within a second',
                max(d - r for d, r in delays) < 1.0, str(delays))

    # What the window does reaches the other station.
    do_action(wait_for(lambda: find(pages, 'push button', 'Check In All'), 'Check In All'))

    def all_present():
        rc, out, err = run('--db', db, 'players', 'list', '--json')
        items = json.loads(out)['players'] if rc == 0 else []
        return len(items) == len(PLAYERS) + len(ADDED) and all(p['present'] for p in items)
    wait_for(all_present, "the window's check-in to reach the other station", 10)
    sptap.check("the window's check-in is on the server for the other station", True)
    rc, out, err = run('--db', db, 'log', '--json')
    who = {line['who'] for line in json.loads(out)['log']} if rc == 0 else set()
    sptap.check('the log names both stations', 'Desk 2' in who and len(who) >= 2, str(who))
    return app


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-hall.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        from sptest_e2e import outer
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
