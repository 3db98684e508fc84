import { usePageMeta } from '@modshelf/web-kit';

export function AmogusPage() {
  usePageMeta('amogus');
  return (
    <section className="ms-card shell-page" style={{ textAlign: 'center' }}>
      <p style={{ fontSize: 64, margin: 0 }} aria-hidden="true">
        ඞ
      </p>
    </section>
  );
}
