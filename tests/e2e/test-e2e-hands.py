#!/usr/bin/python3
# test-e2e-hands.py: the referee's hand entry through the real `sparrow` binary, driven over the
# accessibility bus (AT-SPI, pyatspi): a tournament prepared with sparrow-cli (MCR, four
# players, session 1 drawn with a fixed seed) is opened, table 1's sheet opened from its card
# on the Sessions page, the referee's name given, and hands entered in the hand dialog: wins
# from discards and a self-draw typed in notation, an exhaustive draw, a false win recorded
# with its penalty, a hand recorded and undone, an earlier hand edited, and a hand clicked on
# the tile palette.  Then sparrow-cli's `hand list --json` and `standings --json` must hold
# exactly those hands and figures.  TAP output (sptap.py).
#
# Usage: test-e2e-hands.py SPARROW SPARROW_CLI SCHEMA_DIR
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
                        prepare_table, seat_button, show_page, shows_total, start_app, stop_app,
                        toplevel, wait_for, window_named)

TOURNAMENT = 'Hands Cup'
PLAYERS = ['Ingrid Holm', '鄭雅文', 'Tomás Ruiz', 'Aiko Mori']
SEED = '7'
REFEREE = 'Mei Lin'

# The hands as they are entered: (winner, from, tiles, total).  The totals are the referees'
# calculator's (tests/data/mcr-dev.jsonl and tests/test-ui-hands.c): 三色三同顺 8, 门前清 2,
# 平和 2, 老少副 1, 单钓将 1; 清龙 16, 平和 2, 缺一门 1, 单钓将 1 (mcr-0275); 三暗刻 16,
# 不求人 4, 箭刻 2, 缺一门 1 (mcr-0114).
HAND_1 = ('E', 'S', '123m123p123s789m55s', 14)
HAND_2 = ('S', 'N', '[234m,3][789m]123456m9p9p', 20)
HAND_3 = ('W', 'self', '22266m34577sCCC6m', 23)
# A ready hand declared on the wrong tile: 和错牌, 10 to each other player.
FALSE_WIN = ('N', 'E', '123m456p789s123s56p')
# Recorded, then undone.
UNDONE = ('E', 'W', '[234m,3][789m]123456m9p9p', 20)
# Hand 5, clicked on the palette in this order, the winning tile last.
PALETTE = ['1 Characters', '2 Characters', '3 Characters', '1 Dots', '2 Dots', '3 Dots',
           '1 Bamboo', '2 Bamboo', '3 Bamboo', '7 Characters', '8 Characters', '9 Characters',
           '5 Bamboo', '5 Bamboo']
HAND_5 = ('S', 'E', None, 14)
# The edit: hand 1 was won on West's discard, not South's.
HAND_1_EDITED = ('E', 'W', HAND_1[2], HAND_1[3])


def settlement(winner, source, total):
    """MCR's settlement: 8 from each other player, and the total from the discarder or, on a
    self-draw, from each."""
    out = {}
    for seat in 'ESWN':
        if seat == winner:
            out[seat] = 3 * (8 + total) if source == 'self' else 24 + total
        elif source == 'self' or seat == source:
            out[seat] = -(8 + total)
        else:
            out[seat] = -8
    return out


def inner(argv):
    import pyatspi  # noqa: F401 (the bus must be this process's own before it is imported)

    sparrow, cli, schemas = argv
    work = tempfile.mkdtemp(prefix='sparrow-e2e-hands-')
    db = os.path.join(work, 'events.db')
    run_cli = sptap.command(cli, 60)

    prepared = prepare_table(run_cli, db, TOURNAMENT, PLAYERS, SEED)
    sptap.check('sparrow-cli prepares the tournament and draws session 1', prepared)
    if not prepared:
        sptap.finish()
        return

    app_process = start_app(sparrow, app_env(work, db, schemas))
    started = time.time()
    app = None
    try:
        app = steps()
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

    check_store(run_cli, db)
    shutil.rmtree(work, ignore_errors=True)
    sptap.finish()


# ---- the windows ----------------------------------------------------------------------------

class Table:
    """Table 1's window: its content (header, next hand, sheet) searched apart from its toasts,
    which GTK 4.8 can crash answering for while one comes or goes."""

    def __init__(self, app):
        self.app = app
        self.window = wait_for(lambda: window_named(app, lambda n: n == 'Table 1'),
                               'the table view')
        sheet = wait_for(lambda: find(self.window, 'tree table', 'Score sheet'), 'the score sheet')
        self.content = sheet.parent.parent

    def label(self, pred):
        return find(self.content, 'label', pred=lambda a: pred(a.name or ''))

    def has_penalties(self):
        penalties = find(self.content, 'list', 'Penalties')
        return penalties is not None and find(penalties, 'list item') is not None \
            and find(penalties, 'list item', 'No penalties at this table') is None

    def next_hand(self, number):
        return self.label(lambda n: n.startswith(f'Next: hand {number} '))


def choose_seats(dialog, winner, source):
    do_action(seat_button(dialog, 'Winner', winner))
    do_action(seat_button(dialog, 'From', source))


def type_hand(dialog, tiles):
    field = wait_for(lambda: find(dialog, 'text', 'Hand'), 'the Hand field')
    field.queryEditableText().setTextContents(tiles)


def record(app, dialog, number, button='Record Hand'):
    """Presses @button and waits for the dialog to move on past hand @number."""
    do_action(wait_for(lambda: find(dialog, 'push button', button), button))
    wait_for(lambda: hand_dialog(app, number + 1), f'the dialog to move on to hand {number + 1}')


def steps():
    """The referee's steps; each is a test point.  Returns the app's accessible."""
    app = wait_for(find_sparrow, 'sparrow on the accessibility bus')
    frame = wait_for(lambda: toplevel(app, 'Sparrow'), 'the main window')
    loading = wait_for(lambda: find(frame, 'panel', 'Opening the database…'), 'the window pages')
    pages = loading.parent

    # Open the tournament (a double click on its row) and table 1 from its card.
    row = wait_for(lambda: find(pages, 'table row', pred=lambda a: find(a, 'label', TOURNAMENT)),
                   'the tournament row')
    pointer = Pointer(frame)
    pointer.double_click(row)
    wait_for(lambda: named(frame, TOURNAMENT), 'the tournament to open')
    show_page(pointer, pages, 'Sessions')
    do_action(wait_for(lambda: find(pages, 'push button', 'Enter Hand at Table 1'),
                       'the Enter Hand button of table 1'))

    # The referee's name, asked once.
    answer_referee(app, REFEREE)
    table = Table(app)
    wait_for(lambda: table.next_hand(1), 'the sheet to show hand 1 next')
    sptap.check('the Sessions page opens table 1 and the referee’s name is asked', True)

    do_action(wait_for(lambda: find(table.content, 'push button', 'Enter Hand'), 'Enter Hand'))
    dialog = wait_for(lambda: hand_dialog(app, 1), 'the hand dialog at hand 1')

    # Hands 1 and 2 from discards, hand 3 self-drawn: typed, scored live, recorded; hand 3 by a
    # double click on Record Hand, as a hurried referee does.
    for number, (winner, source, tiles, total) in enumerate((HAND_1, HAND_2, HAND_3), 1):
        choose_seats(dialog, winner, source)
        type_hand(dialog, tiles)
        shows_total(dialog, total)
        if number < 3:
            record(app, dialog, number)
        else:
            Pointer(dialog).double_click(wait_for(
                lambda: find(dialog, 'push button', 'Record Hand'), 'Record Hand'))
            wait_for(lambda: hand_dialog(app, 4), 'the dialog to move on to hand 4')
        dialog = hand_dialog(app, number + 1)
    sptap.check('two wins from discards and a self-draw typed, scored live and recorded', True)
    time.sleep(0.5)
    sptap.check('a double click on Record Hand leaves no “Choose the winner” on the next hand',
                find(dialog, 'label',
                     pred=lambda a: (a.name or '').startswith('Choose the winner')) is None)

    # Ctrl+D's draw undone from the dialog's own toast, then recorded again.
    do_action(wait_for(lambda: find(dialog, 'push button', 'Exhaustive Draw'), 'Exhaustive Draw'))
    wait_for(lambda: hand_dialog(app, 5), 'the dialog to move on to hand 5')
    dialog = hand_dialog(app, 5)
    do_action(wait_for(lambda: find(dialog, 'push button', 'Undo'), 'the toast’s Undo'))
    wait_for(lambda: hand_dialog(app, 4), 'the dialog to be back at hand 4')
    wait_for(lambda: table.next_hand(4), 'the sheet to show hand 4 next again')
    sptap.check('the draw is undone from the hand dialog’s toast', True)
    dialog = hand_dialog(app, 4)
    do_action(wait_for(lambda: find(dialog, 'push button', 'Exhaustive Draw'), 'Exhaustive Draw'))
    wait_for(lambda: hand_dialog(app, 5), 'the dialog to move on to hand 5')
    dialog = hand_dialog(app, 5)
    sptap.check('Exhaustive Draw records hand 4', True)

    # A false win: the verdict, then Record False Win; the dialog stays at hand 5.
    winner, source, tiles = FALSE_WIN
    choose_seats(dialog, winner, source)
    type_hand(dialog, tiles)
    wait_for(lambda: find(dialog, 'label', pred=lambda a: (a.name or '').startswith('False win')),
             'the false win verdict')
    do_action(wait_for(lambda: find(dialog, 'push button', 'Record False Win'),
                       'Record False Win'))
    wait_for(table.has_penalties, 'the penalty to be listed')
    dialog = wait_for(lambda: hand_dialog(app, 5), 'the dialog to stay at hand 5')
    sptap.check('Record False Win records the penalty, and the dialog stays at hand 5', True)

    # A hand recorded, then undone with the table's Undo.
    winner, source, tiles, total = UNDONE
    choose_seats(dialog, winner, source)
    type_hand(dialog, tiles)
    shows_total(dialog, total)
    record(app, dialog, 5)
    wait_for(lambda: table.next_hand(6), 'the sheet to show hand 6 next')
    close_dialog(app, hand_dialog(app, 6))
    do_action(wait_for(lambda: find(table.content, 'push button', 'Undo'), 'the Undo button'))
    wait_for(lambda: table.next_hand(5), 'the sheet to show hand 5 next again')
    sptap.check('Undo takes back the last hand recorded', True)

    # The edit: hand 1's row Edit opens the dialog filled in; From becomes West.
    edit = wait_for(lambda: find(table.content, 'push button', 'Edit Hand 1'), 'Edit Hand 1')
    do_action(edit)
    dialog = wait_for(lambda: hand_dialog(app, 1), 'the hand dialog for hand 1')
    # Filled in: the tiles scored live, South paying the total (GTK 4.8 does not give the
    # field's text over AT-SPI).
    shows_total(dialog, HAND_1[3], 'S −22')
    sptap.check('Edit opens hand 1 filled in', True)
    do_action(seat_button(dialog, 'From', HAND_1_EDITED[1]))
    shows_total(dialog, HAND_1_EDITED[3], 'W −22')
    do_action(find(dialog, 'push button', 'Record Hand'))
    wait_for(lambda: hand_dialog(app) is None, 'the correction to close')
    sptap.check('the corrected hand 1 is recorded', True)

    # Hand 5 clicked on the palette.
    do_action(wait_for(lambda: find(table.content, 'push button', 'Enter Hand'), 'Enter Hand'))
    dialog = wait_for(lambda: hand_dialog(app, 5), 'the hand dialog at hand 5')
    winner, source, _, total = HAND_5
    choose_seats(dialog, winner, source)
    palette = wait_for(lambda: find(dialog, 'panel', 'Tiles'), 'the tile palette')
    buttons = {}
    for name in set(PALETTE):
        buttons[name] = wait_for(lambda: find(palette, 'push button', pred=lambda a: a.name == name),
                                 f'the tile {name}')
    for name in PALETTE:
        do_action(buttons[name])
    shows_total(dialog, total)
    record(app, dialog, 5)
    wait_for(lambda: table.next_hand(6), 'the sheet to show hand 6 next')
    close_dialog(app, hand_dialog(app, 6))
    sptap.check('hand 5 clicked on the palette, scored live and recorded', True)
    return app


def close_dialog(app, dialog):
    do_action(wait_for(lambda: find(dialog, 'push button', 'Close'), 'the dialog’s Close button'))
    wait_for(lambda: hand_dialog(app) is None, 'the hand dialog to close')


# ---- the database ---------------------------------------------------------------------------

def check_store(run, db):
    """The database as sparrow-cli reads it: exactly the hands entered, and the standings their
    sum with the false win's penalty."""
    rc, out, err = run('--db', db, '--tournament', TOURNAMENT, 'hand', 'list', '--session', '1',
                       '--json')
    try:
        data = json.loads(out)
        hands = data['hands']
        false_wins = data['false_wins']
    except (ValueError, KeyError, TypeError):
        sptap.check('sparrow-cli lists the hands', False, f'{rc} {out} {err}')
        return
    expected = [HAND_1_EDITED, HAND_2, HAND_3, 'draw', HAND_5]
    sptap.check('the database holds five hands at table 1, numbered 1 to 5',
                [(h['table'], h['number']) for h in hands] == [(1, n) for n in range(1, 6)],
                str([(h['table'], h['number']) for h in hands]))
    for hand, want in zip(hands, expected):
        n = hand['number']
        if want == 'draw':
            sptap.check(f'hand {n} is an exhaustive draw',
                        hand['draw'] is True and all(v == 0 for v in hand['settlement'].values()),
                        str(hand))
            continue
        winner, source, tiles, total = want
        sptap.check(f'hand {n}: {winner} wins {total} from {source}',
                    hand['draw'] is False and hand['winner'] == winner and hand['from'] == source
                    and hand['total'] == total and (tiles is None or hand['hand'] == tiles),
                    f"{hand['winner']} {hand['from']} {hand['hand']} {hand['total']}")
        sptap.check(f'hand {n} is settled by the rules',
                    hand['settlement'] == settlement(winner, source, total),
                    str(hand['settlement']))
        sptap.check(f'hand {n} names the referee', hand.get('entered_by') == REFEREE,
                    str(hand.get('entered_by')))
    sptap.check('the database holds one false win, N paying 10 to each other player',
                len(false_wins) == 1 and false_wins[0]['before'] == 5
                and false_wins[0]['penalty'] == {'E': 10, 'S': 10, 'W': 10, 'N': -30},
                str(false_wins))

    # Each player's score: the sum of his points in the hands, and the false win's penalty
    # (hand 5's seats, the seats it was declared in).
    score = {}
    for hand in hands:
        for seat, player in hand['players'].items():
            score[player] = score.get(player, 0) + hand['settlement'][seat]
    if hands and false_wins:
        seats = hands[-1]['players']
        for seat, points in false_wins[0]['penalty'].items():
            score[seats[seat]] += points
    rc, out, err = run('--db', db, '--tournament', TOURNAMENT, 'standings', '--json')
    try:
        standings = {p['id']: p['score'] for p in json.loads(out)['players']}
    except (ValueError, KeyError, TypeError):
        standings = None
    sptap.check('the standings’ scores are the sums of the hands and the penalty',
                rc == 0 and standings == score and len(score) == 4, f'{standings} {score}')


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--inner':
        inner(sys.argv[2:])
    else:
        if len(sys.argv) != 4:
            print('usage: test-e2e-hands.py SPARROW SPARROW_CLI SCHEMA_DIR')
            sys.exit(2)
        sys.exit(outer(__file__, [os.path.abspath(arg) for arg in sys.argv[1:]]))
