/** A table's search box (in its tools): each change is the new search text. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
  testId,
  className,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** What it searches, for a screen reader (no visible label in the tools row). */
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <input
      className={`input input--small${className ? ` ${className}` : ''}`}
      type="search"
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onSearch(e.target.value)}
      data-testid={testId}
    />
  );
}
