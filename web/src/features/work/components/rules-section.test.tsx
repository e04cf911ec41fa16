import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jwtValidFor } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { PresetInfo, RuleSetBody, WorkRules } from '../api/rules-api';
import { RulesSection } from './rules-section';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const none: RuleSetBody = {
  preset: 'none',
  breaks: [],
  minBlockMinutes: 0,
  maxContinuousMinutes: null,
  maxDailyMinutes: null,
  minRestMinutes: null,
  maxWeeklyAverageMinutes: null,
  referenceWeeks: 1,
  optedOut: [],
};
const germany: RuleSetBody = {
  preset: 'de',
  breaks: [
    { afterMinutes: 360, minutes: 30 },
    { afterMinutes: 540, minutes: 45 },
  ],
  minBlockMinutes: 15,
  maxContinuousMinutes: 360,
  maxDailyMinutes: 600,
  minRestMinutes: 660,
  maxWeeklyAverageMinutes: null,
  referenceWeeks: 17,
  optedOut: [],
};
const presets: PresetInfo[] = [
  { preset: 'none', law: '', rules: none, sections: {} },
  {
    preset: 'de',
    law: 'Arbeitszeitgesetz (ArbZG)',
    rules: germany,
    sections: { break: 'ArbZG § 4', continuous: 'ArbZG § 4', dailyMax: 'ArbZG § 3', rest: 'ArbZG § 5' },
  },
  {
    preset: 'uk',
    law: 'Working Time Regulations 1998',
    rules: {
      ...germany,
      preset: 'uk',
      breaks: [{ afterMinutes: 360, minutes: 20 }],
      minBlockMinutes: 20,
      maxContinuousMinutes: null,
      maxDailyMinutes: null,
      referenceWeeks: 17,
    },
    sections: { break: 'WTR reg. 12', rest: 'WTR reg. 10', weeklyAverage: 'WTR reg. 4' },
  },
  { preset: 'custom', law: '', rules: { ...none, preset: 'custom' }, sections: {} },
];

function rulesServer(start: WorkRules = { ...none, updatedAt: null, updatedBy: null, presets }) {
  let current = start;
  const puts: unknown[] = [];
  server.use(
    http.get(api('/work/rules'), () => ok(current)),
    http.put(api('/work/rules'), async ({ request }) => {
      const body = (await request.json()) as RuleSetBody;
      puts.push(body);
      if (body.preset === 'custom' && body.breaks.some((tier) => tier.minutes > 240))
        return fail(422, 'Please check the rules.', { 'breaks.0.minutes': 'A break is 1 to 240 minutes.' });
      current = { ...body, updatedAt: '2026-03-11T10:00:00Z', updatedBy: 'Ada Lovelace', presets };
      return ok(current);
    }),
    http.get(api('/admin/get'), () =>
      ok([
        {
          id: 'u1',
          name: 'Ada Lovelace',
          email: 'a@example.com',
          role: 'admin',
          joinedAt: '2025-01-01T00:00:00Z',
          status: 'available',
          since: null,
          until: null,
          breakType: null,
          workingSince: null,
        },
        {
          id: 'u2',
          name: 'Ben Okafor',
          email: 'b@example.com',
          role: 'member',
          joinedAt: '2025-01-01T00:00:00Z',
          status: 'available',
          since: null,
          until: null,
          breakType: null,
          workingSince: null,
        },
      ]),
    ),
  );
  return { puts };
}

describe('the break and rest rules', () => {
  it('lets an admin choose a preset, shows its thresholds with the law’s sections, and saves it', async () => {
    signIn();
    const { puts } = rulesServer();
    const user = userEvent.setup();
    renderWithProviders(<RulesSection role="admin" />);

    const germanyChoice = await screen.findByRole('radio', { name: /Germany \(ArbZG\)/ });
    expect(screen.getByRole('radio', { name: /None/ })).toBeChecked();
    await user.click(germanyChoice);
    const thresholds = screen.getByRole('region', { name: 'Thresholds of Germany (ArbZG)' });
    expect(thresholds).toHaveTextContent(
      'Breaks: 30 min after more than 6 h of work; 45 min in all after more than 9 h; in blocks of at least 15 min(ArbZG § 4)',
    );
    expect(thresholds).toHaveTextContent('Daily maximum: at most 10 h of work a day(ArbZG § 3)');
    expect(thresholds).toHaveTextContent('Rest: at least 11 h between working days(ArbZG § 5)');

    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The team’s rules have been saved.')).toBeInTheDocument();
    expect(puts).toEqual([{ ...germany, optedOut: [] }]);
    expect(await screen.findByText(/Last changed by Ada Lovelace/)).toBeInTheDocument();
  });

  it('copies a preset into a custom set and shows a 422 under the field', async () => {
    signIn();
    const { puts } = rulesServer();
    const user = userEvent.setup();
    renderWithProviders(<RulesSection role="admin" />);

    await user.click(await screen.findByRole('radio', { name: /Germany \(ArbZG\)/ }));
    await user.click(screen.getByRole('button', { name: 'Copy into a custom set' }));
    expect(screen.getByRole('radio', { name: /Custom/ })).toBeChecked();
    const first = screen.getByLabelText('Minutes of break (tier 1)');
    expect(first).toHaveValue(30);
    expect(screen.getByLabelText(/Daily maximum \(minutes\)/)).toHaveValue(600);

    await user.clear(first);
    await user.type(first, '300');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    // Checked here first: nothing is sent.
    expect(await screen.findByText('Enter a whole number from 1 to 240.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    // The server's own refusal, by field (a limit the form does not know of).
    server.use(http.put(api('/work/rules'), () => fail(422, 'Please check the rules.', { 'breaks.1.afterMinutes': 'Tiers come in order.' })));
    await user.clear(first);
    await user.type(first, '45');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    const second = screen.getByLabelText('After minutes of work (tier 2)');
    await waitFor(() => expect(second).toHaveAccessibleDescription(/Tiers come in order\./));
  });

  it('keeps the UK opt-outs, ticked from the team', async () => {
    signIn();
    const { puts } = rulesServer();
    const user = userEvent.setup();
    renderWithProviders(<RulesSection role="admin" />);
    await user.click(await screen.findByRole('radio', { name: /United Kingdom/ }));
    const optOuts = screen.getByRole('group', { name: 'Opted out of the 48-hour week' });
    await user.click(await within(optOuts).findByRole('checkbox', { name: 'Ben Okafor' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ preset: 'uk', optedOut: ['u2'] });
  });

  it('shows members the rules read-only', async () => {
    signIn();
    rulesServer({ ...germany, updatedAt: '2026-03-11T10:00:00Z', updatedBy: 'Ada Lovelace', presets });
    renderWithProviders(<RulesSection role="member" />);
    expect(await screen.findByText('Your team follows: Germany (ArbZG), Arbeitszeitgesetz (ArbZG)')).toBeInTheDocument();
    expect(screen.getByText(/at least 11 h between working days/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rules' })).not.toBeInTheDocument();
  });
});
