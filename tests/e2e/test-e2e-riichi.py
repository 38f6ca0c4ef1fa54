#!/usr/bin/python3
# test-e2e-riichi.py: a Riichi table's hands entered through the real `sparrow` binary, driven
# over the accessibility bus (AT-SPI, pyatspi): a Riichi tournament prepared with sparrow-cli
# (four players, session 1 drawn with a fixed seed) is opened, table 1's hand dialog opened, and
# hands entered: a win from a discard typed in notation with two riichi declared and the dora
# indicator clicked on the palette, an exhaustive draw with a tenpai seat, a win given by its
# han and fu, and a chombo.  The same hands are entered with `sparrow-cli hand add` in a second
# database; both `hand list --json` must be the same hands (winner, from, riichi, sticks, han,
# fu as `sparrow-cli score` gives them, points), and the live result the window showed is the
# one `sparrow-cli score` gives.  TAP output (sptap.py).
#
# Usage: test-e2e-riichi.py SPARROW SPARROW_CLI SCHEMA_DIR
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
import sptap  # noqa: E402
from sptest_e2e import (Pointer, StepFailed, answer_referee, app_env, children,  # noqa: E402
                        do_action, dump, find, find_sparrow, hand_dialog, named, outer,
                        seat_button, show_page, start_app, stop_app, toplevel, wait_for,
                        window_named)

TOURNAMENT = 'Riichi Cup'
PLAYERS = ['Anna Berg', '鈴木花子', 'Chiara Neri', 'Daiki Ono']
SEED = '3'
REFEREE = 'Mei Lin'

# Hand 1: East and South declare riichi; South wins on West's discard.  The tiles are typed, the
# dora indicator 4p is clicked on the palette.
HAND_1 = {'winner': 'S', 'from': 'W', 'riichi': ['E', 'S'], 'tiles': '234m456p678s23p55s1p',
          'dora': '4p'}
# Hand 2: an exhaustive draw, West tenpai and North declared riichi (so tenpai too).
HAND_2 = {'draw': True, 'riichi': ['N'], 'tenpai': ['W']}
# Hand 3: West wins self-drawn, given by its han and fu without tiles.
HAND_3 = {'winner': 'W', 'from': 'self', 'han': 3, 'fu': 40}
# Hand 4: a chombo by North: dealt again.
HAND_4 = {'chombo': 'N'}


def prepare(run, db):
    """A Riichi tournament of one session, drawn with SEED, in @db; whether every step
    worked."""
    steps = [('tournament', 'create', '--name', TOURNAMENT, '--rules', 'riichi', '--sessions',
              '1')]
    steps += [('players', 'add', name) for name in PLAYERS]
    steps += [('seating', 'draw', '--session', '1', '--seed', SEED)]
    for step in steps:
        rc, out, err = run('--db', db, *step)
        if rc != 0:
            print(f'# {step}: {rc} {out} {err}')
            return False
    return True


def cli_hand_add(run, db, hand):
    """@hand entered with sparrow-cli hand add, as the window's referee entered it."""
    args = ['--db', db, 'hand', 'add', '--session', '1', '--table', '1']
    if hand.get('draw'):
        args += ['--draw']
    elif 'chombo' in hand:
        args += ['--chombo', hand['chombo']]
    else:
        args += ['--winner', hand['winner'], '--from', hand['from']]
        if 'tiles' in hand:
            args += ['--hand', hand['tiles']]
        else:
            args += ['--han', str(hand['han']), '--fu', str(hand['fu'])]
        if 'dora' in hand:
            args += ['--dora-indicators', hand['dora']]
    if hand.get('riichi'):
        args += ['--riichi', ','.join(hand['riichi'])]
    if hand.get('tenpai'):
        args += ['--tenpai', ','.join(hand['tenpai'] + hand.get('riichi', []))]
    return run(*args)


def scored(run):
    """What sparrow-cli score says of hand 1 (the table has no sticks before it: its own two)."""
    rc, out, err = run('score', '--rules', 'riichi', '--json', '--seat-wind', HAND_1['winner'],
                       '--discarder', HAND_1['from'], '--riichi', '--dora-indicators',
                       HAND_1['dora'], '--riichi-sticks', str(len(HAND_1['riichi'])),
                       HAND_1['tiles'])
    return json.loads(out) if rc == 0 else None


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-riichi-')
    db = os.path.join(work, 'events.db')
    twin = os.path.join(work, 'twin.db')
    run_cli = sptap.command(cli, 60)

    prepared = prepare(run_cli, db) and prepare(run_cli, twin)
    sptap.check('sparrow-cli prepares two Riichi tournaments and draws session 1', prepared)
    score = scored(run_cli)
    sptap.check('sparrow-cli scores hand 1', score is not None and score.get('win') is True,
                str(score))
    if not prepared or score is None:
        sptap.finish()
        return

    app_process = start_app(sparrow, app_env(work, db, schemas))
    started = time.time()
    app = None
    try:
        app = steps(score)
    except StepFailed as e:
        sptap.check('the steps in the window', False, str(e))
        if app is None:
            app = find_sparrow()
        if app is not None:
            for window in children(app):
                if (window.name or '').startswith('Table'):
                    dump(window)
    finally:
        stop_app(app_process, sptap.check)
        print(f'# window steps took {time.time() - started:.1f} s')

    for number, hand in enumerate((HAND_1, HAND_2, HAND_3, HAND_4), 1):
        rc, out, err = cli_hand_add(run_cli, twin, hand)
        sptap.check(f'sparrow-cli hand add enters hand {number} in the twin database', rc == 0,
                    f'{rc} {out} {err}')
    check_store(run_cli, db, twin, score)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


# ---- the windows ----------------------------------------------------------------------------

def toggle(dialog, group, seat):
    """The Riichi or Tenpai toggle of @seat: its accessible name is "Riichi E Anna Berg"."""
    box = wait_for(lambda: find(dialog, None, group), f'the {group} toggles')
    word = 'Riichi' if group == 'Riichi Declared' else 'Tenpai'
    return wait_for(lambda: find(box, None, pred=lambda a: (a.name or '').startswith(
        f'{word} {seat} ')), f'the {word} toggle of {seat}')


def live_result(dialog, text):
    """The live result beside the buttons holding @text."""
    return wait_for(lambda: find(dialog, 'label', pred=lambda a: text in (a.name or '')),
                    f'the live result “{text}”')


def set_spin(dialog, name, value):
    spin = wait_for(lambda: find(dialog, None, name), f'the field {name}')
    spin.queryValue().currentValue = float(value)


def record(app, dialog, number, button='Record Hand'):
    do_action(wait_for(lambda: find(dialog, 'push button', button), button))
    wait_for(lambda: hand_dialog(app, number + 1), f'the dialog to move on to hand {number + 1}')
    return hand_dialog(app, number + 1)


def steps(score):
    """The referee's steps; each is a test point.  Returns the app's accessible."""
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent

    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    show_page(pointer, pages, 'Sessions')
    do_action(wait_for(lambda: find(pages, 'push button', 'Enter Hand at Table 1'),
                       'the Enter Hand button of table 1'))
    answer_referee(app, REFEREE)
    table = wait_for(lambda: window_named(app, lambda n: n == 'Table 1'), 'the table view')
    do_action(wait_for(lambda: find(table, 'push button', 'Enter Hand'), 'Enter Hand'))
    dialog = wait_for(lambda: hand_dialog(app, 1), 'the hand dialog at hand 1')
    sptap.check('the hand dialog of the Riichi table opens at hand 1', True)

    # Hand 1: riichi by East and South, the sticks shown; the tiles typed, the dora clicked.
    for seat in HAND_1['riichi']:
        do_action(toggle(dialog, 'Riichi Declared', seat))
    live_result(dialog, '+ 2 this hand = 2 (2000 points)')
    sptap.check('the riichi toggles put two sticks on the table', True)
    do_action(seat_button(dialog, 'Winner', HAND_1['winner']))
    do_action(seat_button(dialog, 'From', HAND_1['from']))
    field = wait_for(lambda: find(dialog, 'text', 'Hand'), 'the Hand field')
    field.queryEditableText().setTextContents(HAND_1['tiles'])
    do_action(wait_for(lambda: find(dialog, None, 'Palette Adds Dora Indicators'),
                       'the Dora toggle'))
    palette = wait_for(lambda: find(dialog, 'panel', 'Tiles'), 'the tile palette')
    do_action(wait_for(lambda: find(palette, 'push button', pred=lambda a: a.name == '4 Dots'),
                       'the palette’s 4 Dots'))
    wait_for(lambda: find(dialog, 'push button', 'Remove dora indicator 4 Dots'),
             'the dora indicator shown')
    han_fu = f"{score['han']} han {score['fu']} fu"
    live_result(dialog, f"{han_fu} · total {score['total']} — ")
    sptap.check('hand 1 is scored live as sparrow-cli score scores it',
                find(dialog, 'label', '立直') is not None, han_fu)
    dialog = record(app, dialog, 1)
    sptap.check('hand 1 is recorded', True)

    # Hand 2: an exhaustive draw, North's riichi and West tenpai.
    do_action(toggle(dialog, 'Riichi Declared', 'N'))
    for seat in HAND_2['tenpai']:
        do_action(toggle(dialog, 'Tenpai at the Draw', seat))
    dialog = record(app, dialog, 2, 'Exhaustive Draw')
    sptap.check('hand 2, an exhaustive draw with its tenpai seats, is recorded', True)

    # Hand 3: a self-drawn win by its han and fu.
    do_action(seat_button(dialog, 'Winner', HAND_3['winner']))
    do_action(seat_button(dialog, 'From', 'self'))
    set_spin(dialog, 'Han without tiles', HAND_3['han'])
    set_spin(dialog, 'Fu without tiles', HAND_3['fu'])
    live_result(dialog, f"{HAND_3['han']} han {HAND_3['fu']} fu")
    dialog = record(app, dialog, 3)
    sptap.check('hand 3, a tsumo given by its han and fu, is recorded', True)

    # Hand 4: a chombo by North.
    do_action(seat_button(dialog, 'Winner', HAND_4['chombo']))
    record(app, dialog, 4, 'Record Chombo by the Winner Chosen')
    sptap.check('hand 4, a chombo, is recorded', True)
    return app


# ---- the database ---------------------------------------------------------------------------

# What the window and the CLI both decide; the rest (ids, who entered it, when) may differ.
KEYS = ('number', 'dealer', 'honba', 'sticks', 'riichi', 'tenpai', 'chombo', 'draw', 'winner',
        'from', 'hand', 'situation', 'yaku', 'total', 'settlement', 'scores', 'players')


def check_store(run, db, twin, score):
    lists = []
    for path in (db, twin):
        rc, out, err = run('--db', path, 'hand', 'list', '--session', '1', '--table', '1',
                           '--json')
        try:
            lists.append(json.loads(out)['hands'])
        except (ValueError, KeyError, TypeError):
            sptap.check('sparrow-cli lists the hands', False, f'{rc} {out} {err}')
            return
    window, cli = lists
    sptap.check('the window recorded four hands', len(window) == 4, str(window))
    for hand, twin_hand in zip(window, cli):
        n = hand['number']
        mine = {k: hand.get(k) for k in KEYS}
        theirs = {k: twin_hand.get(k) for k in KEYS}
        sptap.check(f'hand {n} is the hand sparrow-cli hand add records', mine == theirs,
                    f'window {mine} cli {theirs}')
    if not window:
        return
    first = window[0]
    yaku = {item['name']: item['value'] * item['count'] for item in first.get('yaku') or []}
    sptap.check('hand 1: South wins from West, East and South in riichi',
                first['winner'] == 'S' and first['from'] == 'W'
                and first['riichi'] == HAND_1['riichi'], str(first))
    sptap.check('hand 1: the yaku and points of sparrow-cli score, the two sticks won',
                yaku == score['yaku'] and first['total'] == score['total']
                and first['settlement']['W'] == -score['cost']['discarder']
                and first['settlement']['S'] == score['cost']['discarder'] + 1000,
                f'{yaku} {first["total"]} {first["settlement"]} / {score}')
    if len(window) > 1:
        second = window[1]
        # Hand 1's winner took the sticks: none are on the table before hand 2.
        sptap.check('hand 2: a draw, North and West tenpai, no sticks on the table before it',
                    second['draw'] is True and second['sticks'] == 0
                    and sorted(second.get('tenpai') or []) == ['N', 'W']
                    and second['riichi'] == ['N'], str(second))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-riichi.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
