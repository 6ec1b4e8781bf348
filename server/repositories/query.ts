// What the repositories' queries share: a page, LIKE patterns of user input, China-time days.

export interface Page {
  pageNum: number;
  pageSize: number;
}

export const offsetOf = (page: Page) => (page.pageNum - 1) * page.pageSize;

/** Escapes LIKE wildcards in user input. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern: the text anywhere. */
export const contains = (text: string) => `%${likeEscape(text)}%`;

/** The instant a China-time day starts (YYYY-MM-DD). */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
export const nextChinaDayStart = (day: string) => new Date(chinaDayStart(day).getTime() + 86400_000);
