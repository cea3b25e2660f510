import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { imagePreloadsIn as preloadsIn } from '../../test/preloads';
import { ImageCarousel, listImageLoad } from './ImageCarousel';

describe('a list of packs drawn by the server', () => {
  const packs = Array.from({ length: 6 }, (_, i) => [`/p/${i}-a.webp`, `/p/${i}-b.webp`]);
  const html = renderToString(
    <div>
      {packs.map((images, i) => (
        <ImageCarousel key={i} images={images} alt={`pack ${i}`} firstLoad={listImageLoad(i)} />
      ))}
    </div>,
  );

  it('preloads the first pack first and at high priority, then the first row; the rest wait for the screen', () => {
    expect(preloadsIn(html)).toEqual(['/p/0-a.webp high', '/p/1-a.webp', '/p/2-a.webp']);
    const img = (src: string) => new RegExp(`<img src="${src}"[^>]*>`).exec(html)![0];
    expect(img('/p/0-a.webp')).toContain('loading="eager"');
    expect(img('/p/3-a.webp')).toContain('loading="lazy"');
    // A pack's second picture only shows after the first has stood two seconds.
    expect(img('/p/0-b.webp')).toContain('loading="lazy"');
  });

  it('pack detail asks for its main picture at high priority', () => {
    expect(preloadsIn(renderToString(<ImageCarousel images={['/p/x.webp']} alt="x" firstLoad="high" />))).toEqual([
      '/p/x.webp high',
    ]);
  });
});
