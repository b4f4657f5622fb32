// Which numbered page buttons to show: every page while there are few; else the first, the last
// and the current one's neighbours, with a gap mark where pages are skipped. At 100,000 orders
// the list has 10,000 pages, and a button for each would be a page of buttons.

export type PageSlot = number | 'gap';

export function pageWindow(page: number, pageCount: number, radius = 2): PageSlot[] {
  // Up to this many, the window would not be shorter than the whole list.
  if (pageCount <= 2 * radius + 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), pageCount);
  const from = Math.max(2, current - radius);
  const to = Math.min(pageCount - 1, current + radius);
  const slots: PageSlot[] = [1];
  // A gap of one page is shown as that page: a mark would hide no more than a button.
  if (from === 3) slots.push(2);
  else if (from > 3) slots.push('gap');
  for (let n = from; n <= to; n++) slots.push(n);
  if (to === pageCount - 2) slots.push(pageCount - 1);
  else if (to < pageCount - 2) slots.push('gap');
  slots.push(pageCount);
  return slots;
}
