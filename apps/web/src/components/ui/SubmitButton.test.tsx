import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { SubmitButton as AccountSubmit } from '../account/FormField';
import { SubmitButton } from './SubmitButton';

function Form() {
  return (
    <form method="post" onSubmit={(e) => e.preventDefault()}>
      <input name="pass" defaultValue="secret" />
      <SubmitButton>send</SubmitButton>
      <AccountSubmit busy={false}>log in</AccountSubmit>
    </form>
  );
}

describe('a form drawn by the server', () => {
  it('cannot be sent before React hydrates it: its submit buttons are disabled in the HTML, enabled after', async () => {
    const html = renderToString(<Form />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons.map((b) => [b.type, b.disabled])).toEqual([
      ['submit', true],
      ['submit', true],
    ]);
    // The browser's own send: a disabled default button keeps the form where it is.
    let sent = 0;
    container.querySelector('form')!.addEventListener('submit', (e) => {
      sent++;
      e.preventDefault();
    });
    buttons[0]!.click();
    expect(sent).toBe(0);

    const root = await act(async () => hydrateRoot(container, <Form />));
    expect(buttons.map((b) => b.disabled)).toEqual([false, false]);
    buttons[0]!.click();
    expect(sent).toBe(1);
    act(() => root.unmount());
    container.remove();
  });

  it('a busy form keeps its button disabled after hydration', () => {
    const html = renderToString(<SubmitButton disabled>send</SubmitButton>);
    expect(html).toContain('disabled');
  });
});
