// Until React has hydrated a part of a prerendered page, a button pressed or a form submitted
// there would be lost (or, for a form, submitted natively). Hold them, and replay them once
// the part is live. Links and anchors are left alone: they work without JavaScript.

export function holdInteractions(scope: Document | HTMLElement): () => void {
  const pending: (() => void)[] = [];
  const onClick = (event: Event) => {
    const control = (event.target as Element | null)?.closest('button, [role="button"], input[type="submit"]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    pending.push(() => (control as HTMLElement).click());
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    const form = event.target as HTMLFormElement;
    pending.push(() => form.requestSubmit());
  };
  scope.addEventListener('click', onClick, true);
  scope.addEventListener('submit', onSubmit, true);
  return () => {
    scope.removeEventListener('click', onClick, true);
    scope.removeEventListener('submit', onSubmit, true);
    for (const replay of pending.splice(0)) replay();
  };
}
