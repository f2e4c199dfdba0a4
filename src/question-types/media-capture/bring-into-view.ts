/** Space kept between the top bar (or the footer) and what is brought into view. */
const GAP = 8;

/**
 * Scrolls the page so that a capture area, from `first` (the pose instructions) to `last` (the
 * shutter or record button), sits between the sticky top bar and the fixed footer: a patient
 * holding a pose must not scroll to reach the button. The question's text stays on screen too
 * when everything fits; when even the capture area does not fit, the button wins.
 */
export function bringCaptureIntoView(first: HTMLElement, last: HTMLElement): void {
  const barBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const footerTop = document.querySelector('footer')?.getBoundingClientRect().top;
  const visibleBottom = Math.min(window.innerHeight, footerTop ?? window.innerHeight);
  const top = first.getBoundingClientRect().top;
  const bottom = last.getBoundingClientRect().bottom;
  if (top >= barBottom && bottom <= visibleBottom) return;
  const room = visibleBottom - barBottom - 2 * GAP;
  const question = document.getElementById('question-text')?.getBoundingClientRect().top;
  let start = question !== undefined && bottom - question <= room ? question : top;
  if (bottom - start > room) start = bottom - room;
  window.scrollBy({ top: start - barBottom - GAP });
}
