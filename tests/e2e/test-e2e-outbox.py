#!/usr/bin/python3
# test-e2e-outbox.py: a referee station that loses the hall's server keeps what its referee
# enters and sends it when the server is back (issue 20, "Deliver" 3), through the real `sparrow`
# binary over the accessibility bus.  A private PostgreSQL cluster of its own
# (build-aux/test-server.sh, a free loopback port) is stopped while table 1's hand dialog is
# open: hand 1 recorded then is kept at the station (the dialog says so and moves to hand 2),
# hand 2 as well, and the window's bar says "2 hands waiting to be sent".  The app is stopped,
# the server started again and another station (sparrow-cli) enters hand 1 meanwhile; started
# again, the station sends what it kept: its hand 1 is refused as stale (the bar: "1 hand could
# not be sent", Review lists it with the store's message naming the other referee) and its
# hand 2 waits behind it.  Entered again, the refused hand is recorded as the table's next,
# hand 2, and the station's own hand 2 is refused in turn; discarded, nothing is left: the
# table holds exactly the other station's hand 1 and the referee's hand, each once.
#
# Usage: test-e2e-outbox.py SPARROW SPARROW_CLI SCHEMA_DIR
# With $SPARROW_E2E_SHOTS set to a folder, screenshots of the bar and the conflicts are written
# there.  Skipped when PostgreSQL's server or psql is not installed.
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (StepFailed, app_env, children, do_action, dump, find,  # noqa: E402
                        find_sparrow, hand_dialog, open_tournament, outer, prepare_table,
                        seat_button, show_page, shows_total, start_app, stop_app, toplevel,
                        wait_for, window_named)

TOURNAMENT = 'Outbox Cup'
PLAYERS = ['Anna Berg', 'Bo Chen', 'Chen Wei', 'Dana Ross']
SEED = '5'
REFEREE = 'Mei Lin'          # this station's, from $SPARROW_REFEREE
OTHER = 'Li Wei'             # the other station's, sparrow-cli --referee
TILES = '123m123p123s789m55s'   # 14 fan (see test-e2e-hands.py)
TEST_SERVER = os.path.join(HERE, '..', '..', 'build-aux', 'test-server.sh')


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class Cluster:
    """The private server, stopped and started again as build-aux/test-server.sh started it."""

    def __init__(self, folder):
        self.folder = folder
        self.port = str(free_port())
        bins = sorted(glob.glob('/usr/lib/postgresql/*/bin/pg_ctl'),
                      key=lambda p: [int(x) if x.isdigit() else 0 for x in p.split('/')])
        self.pg_ctl = bins[-1]
        p = subprocess.run([TEST_SERVER, 'start', folder, self.port], capture_output=True,
                           text=True, timeout=120)
        if p.returncode != 0:
            raise StepFailed('starting a private server: ' + p.stderr)
        self.uri = p.stdout.strip()

    def pg_ctl_run(self, action):
        owner = ['runuser', '-u', 'postgres', '--'] if os.getuid() == 0 else []
        p = subprocess.run([*owner, self.pg_ctl, '-D', os.path.join(self.folder, 'data'), '-l',
                            os.path.join(self.folder, 'server.log'), '-m', 'fast', '-w', '-t',
                            '60', '-o', f'-p {self.port} -k {self.folder} '
                            '-c listen_addresses=127.0.0.1 -c fsync=off', action],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            raise StepFailed(f'pg_ctl {action}: {p.stderr}')

    def stop(self):
        self.pg_ctl_run('stop')

    def start(self):
        self.pg_ctl_run('start')

    def remove(self):
        subprocess.run([TEST_SERVER, 'stop', self.folder], capture_output=True)


def screenshot(name):
    folder = os.environ.get('SPARROW_E2E_SHOTS')
    if folder:
        os.makedirs(folder, exist_ok=True)
        time.sleep(0.5)
        subprocess.run(['import', '-window', 'root', os.path.join(folder, name)], check=False)


def bar_says(frame, text):
    return find(frame, 'label', pred=lambda a: (a.name or '') == text)


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    if not glob.glob('/usr/lib/postgresql/*/bin/pg_ctl') or shutil.which('psql') is None:
        sptap.skip("a station's outbox", "PostgreSQL's server or psql not installed")
        sptap.finish()
        return
    work = tempfile.mkdtemp(prefix='sparrow-e2e-outbox-')
    os.chmod(work, 0o755)
    cluster = Cluster(os.path.join(work, 'cluster'))
    try:
        run(sparrow, cli, schemas, work, cluster)
    finally:
        cluster.remove()
        shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


def run(sparrow, cli, schemas, work, cluster):
    run_cli = sptap.command(cli, 60)
    p = subprocess.run(['psql', '-X', '-q', '-d', cluster.uri + '/postgres', '-c',
                        'CREATE DATABASE outbox'], capture_output=True, text=True)
    sptap.check('a new database on the server', p.returncode == 0, p.stderr)
    db = cluster.uri + '/outbox'
    rc, out, err = run_cli('--db', db, 'db', 'init')
    prepared = rc == 0 and prepare_table(run_cli, db, TOURNAMENT, PLAYERS, SEED)
    sptap.check('sparrow-cli prepares the tournament on the server and draws session 1',
                prepared, err)
    if not prepared:
        return

    def other_station(*args):
        return run_cli('--db', db, '--tournament', TOURNAMENT, '--referee', OTHER, *args)

    env = app_env(work, db, schemas)
    env['SPARROW_REFEREE'] = REFEREE
    app_process = start_app(sparrow, env)
    app = None
    try:
        app = offline_steps(cluster)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        dump_windows(app)
        stop_app(app_process, sptap.check)
        return
    stop_app(app_process, sptap.check)

    # Back, and another station entered hand 1 meanwhile.
    cluster.start()
    rc, out, err = other_station('hand', 'add', '--session', '1', '--table', '1', '--winner', 'E',
                                 '--from', 'S', '--fan', '8', '--expect-hand', '1')
    sptap.check('the server is back and the other station enters hand 1', rc == 0, out + err)

    app_process = start_app(sparrow, env)
    app = None
    try:
        app = back_steps()
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        dump_windows(app)
    finally:
        stop_app(app_process, sptap.check)

    rc, out, err = other_station('hand', 'list', '--session', '1', '--table', '1', '--json')
    hands = json.loads(out)['hands'] if rc == 0 else []
    sptap.check('the table holds two hands, each once',
                [h['number'] for h in hands] == [1, 2], out + err)
    rc, out, err = other_station('log', '--table', '1', '--json')
    lines = json.loads(out)['log'] if rc == 0 else []
    by = {line.get('hand'): line.get('who') for line in lines if line.get('hand') is not None}
    sptap.check("hand 1 is the other station's, hand 2 the referee's, sent from the outbox",
                len(hands) == 2 and hands[0].get('total') == 8 and hands[1].get('total') == 14
                and by.get(1) == OTHER and by.get(2) == REFEREE,
                json.dumps(by) + ' ' + json.dumps(hands)[:300])


def dump_windows(app):
    if app is None:
        app = find_sparrow()
    if app is not None:
        for window in children(app):
            dump(window)


def record(app, number):
    dialog = wait_for(lambda: hand_dialog(app, number), f'the hand dialog at hand {number}')
    do_action(seat_button(dialog, 'Winner', 'S'))
    do_action(seat_button(dialog, 'From', 'W'))
    field = wait_for(lambda: find(dialog, 'text', 'Hand'), 'the Hand field')
    field.queryEditableText().setTextContents(TILES)
    shows_total(dialog, 14)
    do_action(wait_for(lambda: find(dialog, 'push button', 'Record Hand'), 'Record Hand'))
    return dialog


def offline_steps(cluster):
    app, frame, pages, pointer = open_tournament(TOURNAMENT)
    show_page(pointer, pages, 'Sessions')
    do_action(wait_for(lambda: find(pages, 'push button', 'Enter Hand at Table 1'),
                       'the Enter Hand button of table 1'))
    table = wait_for(lambda: window_named(app, lambda n: n == 'Table 1'), 'the table view')
    do_action(wait_for(lambda: find(table, 'push button', 'Enter Hand'), 'Enter Hand'))
    wait_for(lambda: hand_dialog(app, 1), 'the hand dialog at hand 1')

    cluster.stop()
    dialog = record(app, 1)
    told = wait_for(lambda: find(dialog, 'label', pred=lambda a: (a.name or '').startswith(
        'The server cannot be reached: hand kept at this station')), 'the toast')
    sptap.check('hand 1 recorded without the server is kept at the station, and the referee '
                'is told', told is not None)
    sptap.check('the dialog moves on to hand 2',
                wait_for(lambda: hand_dialog(app, 2), 'the dialog at hand 2') is not None)
    record(app, 2)
    sptap.check('hand 2 is kept too, numbered after hand 1: the dialog moves to hand 3',
                wait_for(lambda: hand_dialog(app, 3), 'the dialog at hand 3') is not None)
    said = wait_for(lambda: bar_says(frame, '2 hands waiting to be sent: the server cannot be '
                                     'reached'), "the window's bar")
    sptap.check('the window says 2 hands wait to be sent', said is not None)
    screenshot('outbox-waiting-en.png')
    return app


def back_steps():
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    wait_for(lambda: bar_says(frame, '1 hand could not be sent'), 'the bar to show the conflict')
    sptap.check('back, the station sends: its hand 1 is refused', True)
    sptap.check('its hand 2 waits behind it',
                bar_says(frame, '1 hand waiting to be sent') is not None)
    screenshot('outbox-conflict-en.png')
    do_action(wait_for(lambda: find(frame, 'push button', 'Review'), 'Review'))
    dialog = wait_for(lambda: toplevel(app, 'Hands Not Sent'), 'the conflicts dialog')
    message = wait_for(lambda: find(dialog, 'label', pred=lambda a: (a.name or '').startswith(
        'Table 1 is at hand 2: hand 1 was entered by ' + OTHER)), "the store's message")
    sptap.check("Review lists the hand with the store's message naming the other referee",
                message is not None and find(dialog, 'label', 'Session 1, table 1, hand 1'))
    sptap.check('with Discard and Enter Again',
                find(dialog, 'push button', 'Discard') is not None
                and find(dialog, 'push button', 'Enter Again') is not None)
    screenshot('outbox-review-en.png')

    # Entered again: the table's hand dialog, filled in with the refused hand, at the table's
    # real next hand; recorded, it is hand 2, and the station's own hand 2 behind it is refused
    # in turn (the table is at hand 3 now).
    do_action(find(dialog, 'push button', 'Enter Again'))
    hand = wait_for(lambda: hand_dialog(app, 2), 'the hand dialog at hand 2')
    shows_total(hand, 14)
    wait_for(lambda: find(hand, 'label', pred=lambda a: (a.name or '').startswith(
        'Table 1 is at hand 2: hand 1 was entered by ' + OTHER)), "the store's message")
    sptap.check('Enter Again opens the table at its next hand, the refused hand filled in, '
                "the store's message above it", True)
    do_action(wait_for(lambda: find(hand, 'push button', 'Record Hand'), 'Record Hand'))
    wait_for(lambda: hand_dialog(app, 3), 'the dialog to move on to hand 3')
    do_action(wait_for(lambda: find(hand_dialog(app, 3), 'push button', 'Close'), 'Close'))
    wait_for(lambda: bar_says(frame, '1 hand could not be sent')
             and bar_says(frame, '1 hand waiting to be sent') is None,
             'the hand behind it to be refused in turn', 30)
    sptap.check('the hand entered again is recorded, and the one kept behind it is refused '
                'in turn', True)

    # Discarded (it was the same hand): nothing is left to send.
    do_action(wait_for(lambda: find(frame, 'push button', 'Review'), 'Review'))
    dialog = wait_for(lambda: toplevel(app, 'Hands Not Sent'), 'the conflicts dialog')
    wait_for(lambda: find(dialog, 'label', 'Session 1, table 1, hand 2'), 'the refused hand 2')
    do_action(wait_for(lambda: find(dialog, 'push button', 'Discard'), 'Discard'))
    wait_for(lambda: find(dialog, 'label', 'Every Hand Is Sent or Waiting'),
             'the conflicts dialog to empty')
    do_action(wait_for(lambda: find(dialog, 'push button', 'Close'), 'Close'))
    wait_for(lambda: bar_says(frame, '1 hand could not be sent') is None, 'the bar to empty', 30)
    sptap.check('discarded, the bar empties', True)
    return app


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-outbox.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
