// What a visitor typed or picked on a server-drawn page before the app took it over must still be
// there afterwards, and count
// (docs/decisions/rendering/before-the-app-takes-over-choices-kept-actions-that-need-it.md). The
// browser keeps it on screen, but the app's state does not know it: a form library writes its empty
// defaults into the fields it registers, and a controlled radio or select is set back to the
// state's value at its next render. So at the hydration's commit, before any of that, the fields
// that differ from the server's HTML are noted; once the stores have re-rendered, each is changed
// again the way the visitor did it, through the events the app listens to.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Change {
  field: Field;
  value: string;
  checked: boolean;
}

const changes: Change[] = [];

const togglable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the visitor changed the field (React hydrates a field without touching its value). */
function changedFromHtml(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  if (togglable(field)) return field.checked !== field.defaultChecked;
  // A script cannot set a file field; the browser keeps its choice anyway.
  return field.type !== 'file' && field.value !== field.defaultValue;
}

/**
 * Notes the fields the visitor changed. Called in the hydration's commit before the page's own
 * components attach to their fields (an insertion effect, app/take-over.tsx).
 */
export function noteEarlyInput(): void {
  for (const field of document.querySelectorAll<Field>('input, textarea, select')) {
    if (changedFromHtml(field)) {
      changes.push({ field, value: field.value, checked: togglable(field) && field.checked });
    }
  }
}

/** The setter of the element's own prototype, beneath the one React puts on each field. */
function setNatively(field: Field, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * Makes each noted change again, as the events the app handles. React fires `onChange` only when
 * a field's value differs from the one it last saw, so that is first set to something else
 * through React's own setter; a radio is clicked, as the visitor did.
 */
export function replayEarlyInput(): void {
  for (const { field, value, checked } of changes.splice(0)) {
    if (!field.isConnected || field.disabled) continue;
    if (togglable(field)) {
      if (field.type === 'radio' && !checked) continue;
      field.checked = !checked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      setNatively(field, value);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = `${value} `;
      setNatively(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
