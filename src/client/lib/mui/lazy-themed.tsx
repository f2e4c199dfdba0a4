import { lazy, type ComponentType } from 'react';

/** MUI's theme provider and MUI's core with it; requested early by a page that needs them. */
export const loadThemeRoot = () => import('./ThemeRoot');

/**
 * `lazy()` for a component that uses MUI: its code arrives together with MUI's theme, which
 * wraps it. The paywall's first screen is plain HTML and CSS, so MUI and Emotion are loaded and
 * evaluated only when such a component is first shown (docs/architecture.md).
 */
export function lazyThemed<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(async () => {
    const [{ default: Component }, { default: ThemeRoot }] = await Promise.all([
      load(),
      loadThemeRoot(),
    ]);
    return {
      default: (props: Props) => (
        <ThemeRoot>
          <Component {...props} />
        </ThemeRoot>
      ),
    };
  });
}
