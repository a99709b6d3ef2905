/** `GET /v1/finance:derivexchange/funding-history` (document 2, section 4.4). */
import { funding } from './records.js';
import { seriesOf, seriesPage } from './series.js';

export const description = "A contract's funding-rate history, page by page.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'category' }, 'symbol', 'time'] as const;

export const params = seriesOf({});

export const { paging, response } = seriesPage(funding, {});
