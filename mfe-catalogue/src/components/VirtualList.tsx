import { useRef, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/** Lists past the threshold render only the rows in view (window scrolling). */
export function VirtualList<T>({
  items,
  estimate,
  render,
  threshold = 40,
  className,
  getKey,
}: {
  items: readonly T[];
  estimate: number;
  render: (item: T, index: number) => ReactNode;
  threshold?: number;
  className?: string;
  getKey: (item: T) => string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const long = items.length > threshold;
  const v = useWindowVirtualizer({
    count: long ? items.length : 0,
    estimateSize: () => estimate,
    overscan: 8,
    scrollMargin: parent.current?.offsetTop ?? 0,
  });
  if (!long) {
    return (
      <div className={className}>
        {items.map((it, i) => (
          <div key={getKey(it)}>{render(it, i)}</div>
        ))}
      </div>
    );
  }
  return (
    <div ref={parent} className={className} data-virtualized="true" style={{ position: 'relative', height: v.getTotalSize() }}>
      {v.getVirtualItems().map((row) => (
        <div
          key={getKey(items[row.index])}
          data-index={row.index}
          ref={v.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - v.options.scrollMargin}px)` }}
        >
          {render(items[row.index], row.index)}
        </div>
      ))}
    </div>
  );
}
