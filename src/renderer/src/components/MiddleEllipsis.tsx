/**
 * An address (or any long identifier) on one line, never wrapped: whole where
 * the line has room, else shortened in the middle ("TJRabPrwbZ…pRTv8") by the
 * browser's own text-overflow on the head while the tail stays, so the start
 * and the end, what people compare, are always there. Screen readers get the
 * whole text once; hover shows it; the visible parts copy as the whole.
 */
export function MiddleEllipsis({
  text,
  tail = 6,
  className,
  testId,
}: {
  text: string;
  tail?: number;
  className?: string;
  testId?: string;
}) {
  const cut = Math.max(0, text.length - tail);
  return (
    <span className={`middle-ellipsis mono${className ? ` ${className}` : ''}`} title={text} data-testid={testId ?? 'middle-ellipsis'}>
      <span className="middle-ellipsis-head" aria-hidden="true">
        {text.slice(0, cut)}
      </span>
      <span className="middle-ellipsis-tail" aria-hidden="true">
        {text.slice(cut)}
      </span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
