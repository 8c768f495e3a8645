/** Static marketing copy for the home page (spec 000 §1, §2 Home, §9). */

export const trustFeatures = [
  {
    id: 'shipping',
    title: 'Free Shipping',
    text: 'A prepaid shipping label is e-mailed to you. Print it or show a QR code at any postal location.',
  },
  {
    id: 'payment',
    title: 'Fast Payment',
    text: 'You are paid within 36 hours of your package arriving, by the payout method you choose.',
  },
  {
    id: 'prices',
    title: 'Top Prices',
    text: 'Fixed, upfront buyback prices of up to $50 per box. The price you see is the price you get.',
  },
  {
    id: 'trust',
    title: 'Safe & Trusted',
    text: 'More than 1000 sellers trust us. Your details are only used to ship your label and pay you.',
  },
] as const;

export const steps = [
  {
    title: 'Check Eligibility',
    text: 'Make sure your boxes are sealed, unopened and have at least 10 months until expiry.',
  },
  {
    title: 'Get a Quote',
    text: 'Pick your products and quantities to see exactly what you will earn, instantly.',
  },
  {
    title: 'Ship for Free',
    text: 'Check out and receive a free prepaid shipping label by e-mail. Pack your box and drop it off.',
  },
  {
    title: 'Get Paid Fast',
    text: 'Once your package arrives and is checked, you are paid within 36 hours.',
  },
] as const;

export const brands = [
  { name: 'OneTouch', models: ['Ultra', 'Verio', 'Ultra Blue'], popular: true },
  { name: 'Accu-Chek', models: ['Aviva', 'Guide', 'Smartview'], popular: true },
  { name: 'Freestyle', models: ['Lite', 'Freedom Lite', 'Precision Neo'], popular: true },
  { name: 'Contour', models: ['Next', 'Next EZ', 'Next One'], popular: false },
  { name: 'True Metrix', models: ['Air', 'Go', 'Pro'], popular: false },
  { name: 'Easy Touch', models: ['Basic', 'Plus', 'Elite'], popular: false },
] as const;

export const testimonials = [
  {
    quote:
      'I had a closet full of extra strips after switching meters. The label came by e-mail in minutes and I was paid the day after my box arrived.',
    name: 'Sarah M.',
    place: 'Phoenix, AZ',
  },
  {
    quote:
      'Clear prices up front and no haggling. Shipping was free and the payment was exactly the quote I saw on the site.',
    name: 'James R.',
    place: 'Columbus, OH',
  },
  {
    quote:
      'Friendly support answered my questions about expiration dates right away. Easy process, I will sell again.',
    name: 'Linda K.',
    place: 'Tampa, FL',
  },
] as const;

export const stats = [
  { value: '1000+', label: 'Happy Customers' },
  { value: '24h', label: 'Average Processing' },
  { value: '100%', label: 'Satisfaction' },
] as const;
