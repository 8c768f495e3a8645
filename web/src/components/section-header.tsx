import './section-header.css';
/** A section's `.section-header`: its `h2` (the id the section is labelled by) and an optional intro. */
export function SectionHeader({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="section-header">
      <h2 id={id}>{title}</h2>
      {intro && <p>{intro}</p>}
    </div>
  );
}
