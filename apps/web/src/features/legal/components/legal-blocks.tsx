import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LegalBlock } from '../content/types';
import styles from './legal-page.module.css';

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** Text with `[words](/path)` links within the shop; only paths, so no text can link elsewhere. */
function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, words = '', to = '/'] = match;
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={to}>
        {words}
      </Link>,
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}

export function LegalBlocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, index) => {
    if (typeof block === 'string') return <p key={index}>{withLinks(block)}</p>;
    if ('list' in block) {
      return (
        <ul key={index}>
          {block.list.map((item, itemIndex) => (
            <li key={itemIndex}>{withLinks(item)}</li>
          ))}
        </ul>
      );
    }
    const { caption, head, rows } = block.table;
    return (
      // On a phone the table scrolls sideways in this box and holds nothing focusable, so the box
      // takes the focus itself (a region named like the table) for keyboard users to scroll it.
      <div
        key={index}
        className={styles.tableScroll}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th key={cellIndex} scope="row">
                      <code>{cell}</code>
                    </th>
                  ) : (
                    <td key={cellIndex}>{withLinks(cell)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  });
}
