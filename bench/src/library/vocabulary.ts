/** Word lists the synthetic library is built from. Invented names; any likeness is chance. */

const words = (text: string, separator: string): string[] =>
  text
    .split(separator)
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

export const FIRST_NAMES: readonly string[] = words(
  'Abby Adele Adriana Aiden Alexa Alice Alina Amber Amelia Anna Ariana Aria Ashley Aubrey Bella ' +
    'Bianca Blair Brooke Callie Camila Candice Carla Chloe Cindy Clara Daisy Dana Daria Delia Diana ' +
    'Eden Elena Eliza Ella Emma Erica Eva Faye Fiona Freya Gabi Gemma Gina Grace Hailey Hanna Harper ' +
    'Holly Iris Isla Ivy Jade Jana Jenna Jessie Julia Kara Kate Katya Kira Lana Laura Layla Lena ' +
    'Lexi Lila Lily Lina Lola Lucy Luna Mara Maya Megan Mia Mila Monica Nadia Naomi Nata Nia Nika ' +
    'Nina Nora Olivia Paige Penny Piper Quinn Rachel Rebecca Riley Rita Rosa Ruby Sabrina Sara Sasha ' +
    'Selena Sienna Skye Sofia Stella Tara Tessa Tina Vera Vicky Violet Willow Yana Zara Zoe Max Leo ' +
    'Nick Tom Alex Sam Ryan Jack Mark',
  ' ',
);

export const LAST_NAMES: readonly string[] = words(
  'Adams Alba Archer Banks Bell Black Blue Bloom Bond Brooks Brown Cane Carter Cash Chase Clark ' +
    'Cole Cross Dale Davis Dawn Day Diamond Dior Drake Dune Ellis Evans Fox Frost Gold Gray Green ' +
    'Hale Hart Hill Holt Hunt James Jay Jones Kay Kent King Knight Lake Lane Lee Love Lynn Marsh May ' +
    'Miles Moon Moore Morgan Nash Noble North Novak Page Park Pearl Pierce Quinn Rain Reed Rey ' +
    'Rivers Rose Ross Rush Sage Scott Shaw Silver Sky Snow Stark Steel Stone Storm Summers Swan ' +
    'Taylor Vale Vance Vega Wade Ward West White Wild Winter Wolf Wood Wren Young Zane Zorn',
  ' ',
);

/** Words for titles and synopses (plain dictionary words, so full-text search has something to find). */
export const WORDS: readonly string[] = words(
  'afternoon amazing apartment autumn balcony beach bedroom birthday breakfast bright cabin candle ' +
    'careful casual city classic coffee cosy couch country curious dance dawn daydream delight ' +
    'desire dinner dream eager evening escape fantasy favourite feeling fire first flirt forest ' +
    'fresh friend game garden gentle glow golden guest happy heat holiday home hotel island journey ' +
    'kitchen lake late lazy lesson library light lounge lucky massage memory midnight mirror morning ' +
    'moonlight neighbour night ocean office passion patio perfect picnic playful pool private ' +
    'promise quiet rain reunion river romance rooftop secret shower silk slow soft spring stars ' +
    'studio summer sunrise sunset surprise sweet tender terrace tonight travel vacation velvet villa ' +
    'visit warm weekend whisper wild window winter yoga',
  ' ',
);

/** Common tags first (the popular ones), then parts that combine into a long tail of rarer tags. */
export const COMMON_TAGS: readonly string[] = words(
  'pov, brunette, blonde, natural tits, cowgirl, missionary, blowjob, doggystyle, reverse cowgirl, ' +
    'shaved pussy, hd, big tits, small tits, lingerie, stockings, redhead, petite, tattoo, piercing, ' +
    'couple, threesome, solo, masturbation, toys, outdoor, bedroom, romantic, girlfriend experience, ' +
    'roleplay, massage, oil, high heels, latina, asian, ebony, european, milf, teen 18+, college, ' +
    'office, nurse, cosplay, fantasy, dancing, striptease, kissing, handjob, titfuck, anal sex, ' +
    'creampie, facial, cum on body, passthrough, fisheye, 8k, binaural, interactive, hair pulling, ' +
    'spanking, bikini, pool, shower, yoga, fitness, glasses, uniform, maid, teacher, step fantasy, ' +
    'cheating, voyeur, jerk off instruction, close up, long hair, short hair, curvy, athletic, ' +
    'tan lines, hairy, feet, footjob',
  ',',
);

export const TAG_ADJECTIVES: readonly string[] = words(
  'amateur blue bright candid classic cosy dark deep extreme fast gentle golden green happy hot ' +
    'lazy long loud modern natural night oiled pink playful private public quick quiet red retro ' +
    'rough shy silent slow small soft sweet tall tiny vintage warm wet white wild young',
  ' ',
);

export const TAG_NOUNS: readonly string[] = words(
  'apron balcony bath bed boots braids bra camera car chair corset couch desk dress gloves gym hat ' +
    'hotel jeans kitchen lace leather mask mirror nails nylon panties pillow ponytail robe sauna ' +
    'scarf shirt shorts skirt socks sofa stairs sweater table towel tub uniform vest window wig ' +
    'yacht zipper garden forest beach office studio library attic cellar garage tent boat train ' +
    'plane hammock swing rug fireplace piano guitar phone laptop',
  ' ',
);

export const SITE_PREFIXES: readonly string[] = words(
  'VR Virtual Real POV Dream Naughty Sweet Wet Hot Lust Stereo Immersive Deep Sensual Private ' +
    'Intimate Perfect Wild Pure Tender',
  ' ',
);

export const SITE_SUFFIXES: readonly string[] = words(
  'Bangers Hush Conk Lovers Desire Dreams Vision Room Studio Club Girls Fantasy Space Land Zone ' +
    'Hub Eyes Touch Heaven Life Nights Stars',
  ' ',
);

export const NATIONALITIES: readonly string[] = words('US CZ HU RU UA GB DE FR ES IT BR CO RO SK NL LV', ' ');
export const HAIR_COLORS: readonly string[] = words('Blonde Brunette Black Red Auburn Brown', ' ');
export const EYE_COLORS: readonly string[] = words('Blue Brown Green Hazel Grey', ' ');
export const ETHNICITIES: readonly string[] = words('Caucasian Latin Asian Black Mixed', ' ');
export const CUP_SIZES: readonly string[] = words('AA A B C D DD E F', ' ');
export const BREAST_TYPES: readonly string[] = words('Natural Fake', ' ');
export const TAG_GROUPS: readonly string[] = words('Hair colour, Positions, Outfits, Places, Body', ',');
