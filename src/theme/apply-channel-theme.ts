import { assignInlineVars } from '@vanilla-extract/dynamic';
import { themeVars, type ColorSettings } from './channel-colors';
import { vars } from './theme.css';

/** The part of an element this needs; an HTMLElement fits, and so does a test double (no DOM types here). */
interface StyledElement {
  readonly style: { setProperty(property: string, value: string): void };
}

/**
 * Set the channel's colours on `element` (the app root) as the contract's CSS variables, so everything below it
 * takes the channel's look. Missing or invalid settings give the default palette (see themeVars).
 */
export function applyChannelTheme(element: StyledElement, colors: ColorSettings | null | undefined): void {
  for (const [property, value] of Object.entries(assignInlineVars(vars, { color: themeVars(colors) }))) {
    element.style.setProperty(property, value);
  }
}
