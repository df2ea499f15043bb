// @vitest-environment jsdom
/**
 * The live view's sequence diagram (issue 29): a tab's actors as lanes, the messages between them as arrows in time
 * order, read by a screen reader as a list of sentences, one picked to read its payload, and the page's events left
 * out on request (kept in the address, as the live view keeps its picked actor). Over a tab paying for a pass: the
 * session and toast actors, the payment flow and the card entry and polling it invokes.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n } from '../../../src/i18n/i18n';
import { LiveSequence } from '../../../src/views/statecharts/LiveSequence';
import { seqArrowSpan, seqArrowStart } from '../../../src/views/statecharts/statecharts.css';
import { payingTab } from '../../statecharts/live-tab.fixture';

const i18n = await createI18n('en');

afterEach(cleanup);

function open(path = '/statecharts/payment') {
  const location = memoryLocation({ path, record: true });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LiveSequence tab={payingTab} />
      </Router>
    </I18nextProvider>,
  );
  const messages = () => within(screen.getByRole('list', { name: 'Messages, oldest first' })).getAllByRole('button');
  const lanes = () => within(screen.getByRole('list', { name: 'Actors, and their state now' })).getAllByRole('listitem');
  return { location, messages, lanes };
}

/** The custom property a vanilla-extract variable sets, read back from an arrow's inline style. */
const varOf = (element: Element, variable: string) => (element as HTMLElement).style.getPropertyValue(variable.slice('var('.length, -1));

describe('the sequence of a paying tab', () => {
  it('has a lane per actor with its state now, the page first and payment’s children beside it', () => {
    const { lanes } = open();
    expect(lanes().map((lane) => lane.textContent)).toEqual([
      'App page: views, browser',
      'payment: success',
      'cardEntry: confirmed',
      'pollOrder: done',
      'session: loggedIn.refreshing',
      'toast: showing',
    ]);
  });

  it('reads each message as a sentence, in time order, an ignored one said so', () => {
    const { messages } = open();
    // Each button's accessible name is its sentence: the drawing (the arrow and its label) is hidden from assistive
    // technology, so the event type is read once.
    const sentences = [
      '12:03:04.110 App page → payment: user.submit',
      '12:03:04.120 payment → session: session.refresh',
      '12:03:04.130 payment → cardEntry: xstate.init',
      '12:03:04.140 cardEntry → payment: xstate.done.actor.cardEntry',
      '12:03:04.140 payment → pollOrder: xstate.init',
      '12:03:04.150 App page → payment: app.resumed',
      '12:03:04.150 payment → pollOrder: app.resumed (ignored)',
      '12:03:04.160 pollOrder → payment: xstate.done.actor.pollOrder',
      '12:03:04.160 payment → toast: toast.show',
    ];
    expect(sentences.map((name) => screen.getByRole('button', { name }))).toEqual(messages());
  });

  it('draws each arrow from the sender’s lane to the receiver’s, an answer back to the parent dashed', () => {
    const { messages } = open();
    const arrow = (index: number) => messages()[index]!.querySelector('[data-direction]')!;
    // payment (lane 2, grid column 3) → toast (lane 6, column 7): starts in payment's column, spans five lanes.
    expect(arrow(8).getAttribute('data-direction')).toBe('right');
    expect([varOf(arrow(8), seqArrowStart), varOf(arrow(8), seqArrowSpan)]).toEqual(['3', '5']);
    // cardEntry (lane 3) answers payment (lane 2): drawn leftwards over two lanes, as a return.
    expect(arrow(3).getAttribute('data-direction')).toBe('left');
    expect(arrow(3).getAttribute('data-kind')).toBe('reply');
    expect([varOf(arrow(3), seqArrowStart), varOf(arrow(3), seqArrowSpan)]).toEqual(['3', '2']);
    expect(arrow(3).getAttribute('aria-hidden')).toBe('true');
    expect(arrow(6).getAttribute('data-taken')).toBe('false');
  });

  it('shows a picked message’s payload and the receiver’s state after it, under the diagram', () => {
    const { messages } = open();
    expect(screen.queryByTestId('seq-detail')).toBeNull();
    const toastShow = messages()[8]!;
    fireEvent.click(toastShow);
    expect(toastShow.getAttribute('aria-pressed')).toBe('true');
    const detail = screen.getByTestId('seq-detail');
    expect(within(detail).getByTestId('seq-payload').textContent).toBe('{"toast":{"message":{"key":"payment.success"},"type":"success"}}');
    expect(within(detail).getByText('toast then in').nextElementSibling?.textContent).toBe('showing');
    fireEvent.click(messages()[6]!);
    expect(within(detail).getByText('pollOrder then in').nextElementSibling?.textContent).toBe('fetching (ignored)');
    fireEvent.click(messages()[0]!);
    expect(screen.getByTestId('seq-payload').textContent).toBe('none');
    fireEvent.click(messages()[0]!);
    expect(screen.queryByTestId('seq-detail')).toBeNull();
  });

  it('leaves out the page’s events and lane when asked, and keeps that choice in the address', () => {
    const { location, messages, lanes } = open();
    act(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Show what the page sends (views, the browser)' })));
    expect(location.history?.at(-1)).toBe('/statecharts/payment?seqPage=off');
    expect(lanes().map((lane) => lane.textContent)).not.toContain('App page: views, browser');
    expect(lanes()).toHaveLength(5);
    expect(messages().map((button) => button.textContent)).not.toContainEqual(expect.stringContaining('App page'));
    expect(messages()).toHaveLength(7);
  });

  it('opens with XState’s own events when the address asks for them', () => {
    const { messages, lanes } = open('/statecharts/payment?seqInternal=on');
    expect(screen.getByRole('checkbox', { name: /XState's own events/ })).toHaveProperty('checked', true);
    expect(messages().map((button) => button.getAttribute('data-event'))).toContain('xstate.done.actor.buy');
    expect(lanes().map((lane) => lane.textContent)).toContain('buy');
  });

  it('scrolls inside its own box, which a keyboard can reach, with a hint that it does', () => {
    open();
    const box = screen.getByRole('region', { name: 'Sequence diagram' });
    expect(box.tabIndex).toBe(0);
    const hint = document.getElementById(box.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Scroll the diagram sideways to see every actor.');
    expect(hint?.getAttribute('data-lanes')).toBe('6');
  });
});
