#!/usr/bin/env python3
# test-cli-seating.py: `sparrow-cli seating plan` as SPEC.md §3.2 states it (TAP output).
# SPDX-License-Identifier: GPL-3.0-or-later
import itertools
import json
import os
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
results = []


def run(*args):
    proc = subprocess.run([CLI, 'seating', 'plan', *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, condition, detail=''):
    results.append((name, bool(condition), detail))


def plan_ok(name, plan, players, rounds):
    rs = plan['rounds']
    check(name + ': rounds', len(rs) == rounds, len(rs))
    for r in rs:
        check(name + ': tables a round', len(r) == players // 4, len(r))
        seated = sorted(p for table in r for p in table)
        check(name + ': every player once a round', seated == list(range(1, players + 1)))
        check(name + ': four seats a table', all(len(table) == 4 for table in r))


def repeats(plan):
    met = {}
    for r in plan['rounds']:
        for table in r:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(m - 1 for m in met.values())


# 16 × 5: every pair exactly once, winds within one, the figures match the rounds.
status, out, err = run('--players', '16', '--rounds', '5', '--seed', '42', '--json')
check('16x5 exit status', status == 0, err)
plan = json.loads(out)
plan_ok('16x5', plan, 16, 5)
check('16x5 no repeats', repeats(plan) == 0 and plan['quality']['repeats'] == 0)
check('16x5 wind spread', plan['quality']['wind_spread'] <= 1)
check('16x5 quality keys', set(plan['quality']) == {'repeats', 'lower_bound', 'wind_spread',
                                                     'table_repeats', 'team_clashes'})

# The same seed gives the same plan; another seed another plan.
again = json.loads(run('--players', '16', '--rounds', '5', '--seed', '42', '--json')[1])
other = json.loads(run('--players', '16', '--rounds', '5', '--seed', '43', '--json')[1])
check('same seed, same plan', again['rounds'] == plan['rounds'])
check('other seed, other plan', other['rounds'] != plan['rounds'])

# Beyond the bound: 16 × 8 reaches the counting bound 72; winds exact when 4 | R.
plan = json.loads(run('--players', '16', '--rounds', '8', '--seed', '1', '--json')[1])
plan_ok('16x8', plan, 16, 8)
check('16x8 repeats at the bound', repeats(plan) == 72 == plan['quality']['lower_bound'])
winds = {}
for r in plan['rounds']:
    for table in r:
        for seat, p in enumerate(table):
            winds.setdefault(p, [0, 0, 0, 0])[seat] += 1
check('16x8 winds exact', all(w == [2, 2, 2, 2] for w in winds.values()), winds)

# Teams: one line per player; teammates never share a table.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'teams.txt')
    names = ['Red', 'Blue', 'Green', 'Gold', '', ''] * 4
    with open(path, 'w') as f:
        f.write('\n'.join(names) + '\n')
    status, out, err = run('--players', '24', '--rounds', '7', '--seed', '5', '--teams', path,
                           '--json')
    check('teams exit status', status == 0, err)
    plan = json.loads(out)
    plan_ok('teams', plan, 24, 7)
    clashes = sum(1 for r in plan['rounds'] for table in r
                  for a, b in itertools.combinations(table, 2)
                  if names[a - 1] and names[a - 1] == names[b - 1])
    check('teams apart', clashes == 0 and plan['quality']['team_clashes'] == 0)

    with open(path, 'w') as f:
        f.write('A\nB\n')
    status, out, err = run('--players', '24', '--rounds', '3', '--teams', path)
    check('teams file too short: exit 1', status == 1, status)
    check('teams file too short: says where', path in err and '2 lines' in err, err)

    with open(path, 'w') as f:
        f.write('A\n' * 9 + '\n' * 23)
    status, out, err = run('--players', '32', '--rounds', '3', '--teams', path, '--json')
    check('team larger than N/4: exit 1', status == 1, status)
    check('team larger than N/4: JSON error', json.loads(out)['error']['code'] == 'invalid', out)

    status, out, err = run('--players', '16', '--rounds', '3', '--teams',
                           os.path.join(tmp, 'missing.txt'))
    check('unreadable teams file: exit 1', status == 1 and 'missing.txt' in err, err)

# Refused sizes (1) and usage errors (2).
for args in (['--players', '10', '--rounds', '3'], ['--players', '4', '--rounds', '3'],
             ['--players', '1028', '--rounds', '3'], ['--players', '16', '--rounds', '0']):
    status, out, err = run(*args)
    check('refused %s' % ' '.join(args), status == 1 and err.startswith('sparrow-cli: '), err)
status, out, err = run('--players', '10', '--rounds', '3', '--json')
check('refused in JSON', status == 1 and 'error' in json.loads(out), out)
for args in (['--rounds', '3'], ['--players', '16'], ['--players', 'many', '--rounds', '3'],
             ['--players', '16', '--rounds', '3', '--bogus']):
    status, out, err = run(*args)
    check('usage %s' % ' '.join(args), status == 2, (status, err))

# Text mode: the tables, then the figures.
status, out, err = run('--players', '8', '--rounds', '1', '--seed', '9')
check('text mode', status == 0 and 'Table 2' in out and 'Wind spread' in out, out)

print('1..%d' % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok:
        print('# %s' % (detail,))
