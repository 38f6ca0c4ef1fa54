#!/usr/bin/python3
# test-e2e-two-key.py: two-key entry in the window, through the real `sparrow` binary over the
# accessibility bus (AT-SPI).  sparrow-cli turns two-key entry on and enters hand 1 as Wang Fang
# and hand 2 as Mei Lin, this station's referee ($SPARROW_REFEREE).  Table 1's sheet marks both
# "unconfirmed" and offers Confirm Hand 1 and Confirm Hand 2; Confirm Hand 2 is refused with the
# store's message naming Mei Lin, and hand 2 stays unconfirmed; Confirm Hand 1 confirms it as
# Mei Lin (sparrow-cli's hand list --json says so) and its button goes.  The Standings page says
# one hand awaits confirmation, and Tournament Settings has the Two-Key Entry switch, on.
#
# Usage: test-e2e-two-key.py SPARROW SPARROW_CLI SCHEMA_DIR [LOCALEDIR LANGUAGE]
# With LOCALEDIR and LANGUAGE (zh_CN) the window's words are the catalogue's.  With
# $SPARROW_E2E_SHOTS set to a folder, screenshots of the sheet and the standings are written
# there, at the display's width and at 360 pixels.
# SPDX-License-Identifier: GPL-3.0-or-later
import gettext
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, app_env, children, do_action, dump, find,  # noqa: E402
                        find_sparrow, named, outer, prepare_table, show_page, start_app,
                        stop_app, toplevel, wait_for, window_named, x_window)

TOURNAMENT = 'Two Keys Open'
PLAYERS = ['Anna Berg', 'Bo Chen', '鄭雅文', 'Tomás Ruiz']
SEED = '5'
REFEREE = 'Mei Lin'          # this station's, from $SPARROW_REFEREE
OTHER = 'Wang Fang'          # the other station's, sparrow-cli --referee


def shoot(name, window_title=None, width=None):
    """A screenshot into $SPARROW_E2E_SHOTS, when set: the whole display, or @window_title's
    window alone, resized to @width first."""
    folder = os.environ.get('SPARROW_E2E_SHOTS')
    if not folder:
        return
    os.makedirs(folder, exist_ok=True)
    if window_title is not None and width is not None:
        window = x_window(window_title)
        subprocess.run(['xdotool', 'windowsize', window, str(width), '800'], check=False)
        time.sleep(1.5)
        subprocess.run(['import', '-window', window, os.path.join(folder, name)], check=False)
        return
    time.sleep(1)
    subprocess.run(['import', '-window', 'root', os.path.join(folder, name)], check=False)


def hands(station):
    rc, out, err = station('hand', 'list', '--session', '1', '--table', '1', '--json')
    if rc != 0:
        raise StepFailed(f'hand list: {err}')
    return json.loads(out)['hands']


def steps(t, station):
    _ = t.gettext
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, _('Sparrow')), 'the main window')
    row = wait_for(lambda: find(frame, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    show_page(pointer, frame, t.pgettext('page', 'Sessions'))
    enter_at = _('Enter Hand at Table %u') % 1
    do_action(wait_for(lambda: find(frame, 'push button', enter_at), enter_at))
    table_title = _('Table %u') % 1
    table = wait_for(lambda: window_named(app, lambda n: n == table_title), 'the table view')

    confirm = [_('Confirm Hand %s') % n for n in ('1', '2')]
    buttons = [wait_for(lambda label=label: find(table, 'push button', label), label)
               for label in confirm]
    sptap.check('the sheet offers Confirm Hand 1 and Confirm Hand 2', all(buttons))
    marked = _('unconfirmed')
    sptap.check('the sheet marks the hands awaiting confirmation',
                find(table, 'label', pred=lambda a: marked in (a.name or '')) is not None)
    shoot('table-wide.png', table_title, 1440)

    # Hand 2 is this station's own: the store refuses, saying who entered it.
    do_action(buttons[1])
    who = re.escape(REFEREE)
    refusal = wait_for(lambda: find(table, 'label', pred=lambda a: re.search(who, a.name or '')
                                    and '2' in (a.name or '')), 'the refusal naming Mei Lin')
    sptap.check('Confirm Hand 2 (entered here) is refused with the store’s message',
                refusal is not None, refusal.name if refusal is not None else '')
    sptap.check('hand 2 still awaits confirmation', hands(station)[1]['confirmed'] is False)
    shoot('table-refused-wide.png', table_title, 1440)

    # Hand 1 was entered at the other station: this one confirms it.
    do_action(find(table, 'push button', confirm[0]))
    wait_for(lambda: hands(station)[0]['confirmed'] is True, 'hand 1 confirmed in the store')
    listed = hands(station)
    sptap.check('Confirm Hand 1 confirms it as this station’s referee',
                listed[0]['confirmed_by'] == REFEREE, json.dumps(listed[0]))
    wait_for(lambda: find(table, 'push button', confirm[0]) is None
             or not find(table, 'push button', confirm[0]).getState().contains(
                 __import__('pyatspi').STATE_VISIBLE), 'the Confirm Hand 1 button to go')
    sptap.check('the confirmed hand offers no Confirm any more', True)
    shoot('table-after-wide.png', table_title, 1440)
    shoot('table-360.png', table_title, 360)

    # The main window's Standings page: what awaits, apart.  The table's window, which sits over
    # the main window on a display without a window manager, is moved out of the pointer's way.
    subprocess.run(['xdotool', 'windowmove', x_window(table_title), '4000', '0'], check=False)
    time.sleep(0.5)
    show_page(pointer, frame, _('Standings'))
    awaits = t.ngettext('%u hand awaits confirmation and is not counted yet; what it would add '
                        'is in the players’ marks.',
                        '%u hands await confirmation and are not counted yet; what they would '
                        'add is in the players’ marks.', 1) % 1
    note = wait_for(lambda: find(frame, 'label', awaits), 'the note of the hands awaiting')
    sptap.check('the Standings page says one hand awaits confirmation', note is not None)
    shoot('standings-wide.png', frame.name, 1440)
    shoot('standings-360.png', frame.name, 360)


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv[:3]
    localedir, language = (argv[3], argv[4]) if len(argv) == 5 else (None, 'en')
    work = tempfile.mkdtemp(prefix='sparrow-e2e-two-key-')
    db = os.path.join(work, 'events.db')
    run_cli = sptap.command(cli, 60)

    def station(*args, referee=OTHER):
        return run_cli('--db', db, '--tournament', TOURNAMENT, '--referee', referee, *args)

    ok = prepare_table(run_cli, db, TOURNAMENT, PLAYERS, SEED)
    ok = ok and station('tournament', 'edit', '--two-key', 'on')[0] == 0
    ok = ok and station('hand', 'add', '--session', '1', '--table', '1', '--winner', 'E',
                        '--from', 'S', '--fan', '8')[0] == 0
    ok = ok and station('hand', 'add', '--session', '1', '--table', '1', '--winner', 'S',
                        '--from', 'self', '--fan', '10', referee=REFEREE)[0] == 0
    sptap.check('sparrow-cli prepares a two-key table: hand 1 by Wang Fang, 2 by Mei Lin', ok)
    if not ok:
        sptap.finish()
        return

    t = gettext.translation('sparrow', localedir, [language]) if localedir \
        else gettext.NullTranslations()
    env = app_env(work, db, schemas)
    env['SPARROW_REFEREE'] = REFEREE
    if localedir:
        # LANGUAGE picks the catalogue; LC_ALL the language's own locale when generated, else
        # C.UTF-8 (a C locale would make gettext ignore LANGUAGE).
        have = subprocess.run(['locale', '-a'], capture_output=True, text=True).stdout.split()
        env['LANGUAGE'] = language
        env['LC_ALL'] = language + '.UTF-8' if language + '.utf8' in have else 'C.UTF-8'
    process = start_app(sparrow, env)
    try:
        steps(t, station)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        app = find_sparrow()
        for window in children(app) if app is not None else []:
            if (window.name or '').startswith(t.gettext('Table %u') % 1):
                dump(window)
    finally:
        stop_app(process, sptap.check)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) not in (4, 6):
            print('usage: test-e2e-two-key.py SPARROW SPARROW_CLI SCHEMA_DIR [LOCALEDIR LANGUAGE]')
            sys.exit(2)
        args = [os.path.abspath(arg) for arg in sys.argv[1:4]]
        if len(sys.argv) == 6:
            args += [os.path.abspath(sys.argv[4]), sys.argv[5]]
        sys.exit(outer(__file__, args))
