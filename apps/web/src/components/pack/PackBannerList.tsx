// Placeholder owned by the packs UI work (issue 3): the top page renders the pack banners of one card type here.
export function PackBannerList({ cardType }: { cardType: number }) {
  return <div data-card-type={cardType} />;
}
