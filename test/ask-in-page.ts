// Runs inside the answer page (Chromium's and Firefox's tests pass it to page.evaluate): self-contained.

/**
 * Types `question` into the page's field and resolves with what the answer drawn for it is about and its
 * text: the field answers in place, so the answer is read once #answer's children change.
 */
export async function askInPage(question: string): Promise<{ subject: string | null; text: string }> {
  const field = document.getElementById("ask") as HTMLInputElement;
  const out = document.getElementById("answer") as HTMLElement;
  const drawn = new Promise<void>((resolve) => {
    new MutationObserver((_, observer) => {
      observer.disconnect();
      resolve();
    }).observe(out, { childList: true });
  });
  field.value = question;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  await drawn;
  return { subject: out.dataset.subject ?? null, text: out.textContent ?? "" };
}
