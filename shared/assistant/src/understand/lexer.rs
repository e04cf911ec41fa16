//! Splits a message into tokens that keep their place in the original text, so that the words left over after
//! dates, times and keywords are taken out can be given back exactly as the person typed them.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tok {
    /// As typed.
    pub text: String,
    /// Lower case, typographic apostrophes straightened, `p.m.` as `pm`.
    pub low: String,
    /// Byte range in the message.
    pub start: usize,
    pub end: usize,
    /// Punctuation (a separator), not a word.
    pub punct: bool,
}

impl Tok {
    fn new(msg: &str, start: usize, end: usize, punct: bool) -> Tok {
        let text = msg[start..end].to_string();
        let mut low = text.to_lowercase().replace(['’', '‘'], "'");
        if low == "p.m." || low == "p.m" {
            low = "pm".into();
        } else if low == "a.m." || low == "a.m" {
            low = "am".into();
        } else if let Some(n) = low.strip_suffix("p.m.").or_else(|| low.strip_suffix("p.m")) {
            low = format!("{n}pm");
        } else if let Some(n) = low.strip_suffix("a.m.").or_else(|| low.strip_suffix("a.m")) {
            low = format!("{n}am");
        } else if let Some(clock) = continental(&low) {
            low = clock;
        }
        Tok { text, low, start, end, punct }
    }
}

const LEADING: &[char] = &['"', '\'', '“', '”', '‘', '’', '(', '[', '{', '*'];
const TRAILING: &[char] = &['"', '\'', '“', '”', '‘', '’', ')', ']', '}', ',', '.', ';', ':', '!', '?', '*'];

pub fn tokenize(msg: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut chunk_start: Option<usize> = None;
    for (i, c) in msg.char_indices().chain(std::iter::once((msg.len(), ' '))) {
        if c.is_whitespace() {
            if let Some(s) = chunk_start.take() {
                chunk(msg, s, i, &mut out);
            }
        } else if chunk_start.is_none() {
            chunk_start = Some(i);
        }
    }
    out
}

fn chunk(msg: &str, mut start: usize, mut end: usize, out: &mut Vec<Tok>) {
    let mut tail = Vec::new();
    while start < end {
        let c = msg[start..end].chars().next().unwrap_or(' ');
        if !LEADING.contains(&c) && c != '@' {
            break;
        }
        let n = c.len_utf8();
        if c == '@' {
            // "@3pm" reads "at 3pm".
            out.push(Tok { text: "@".into(), low: "at".into(), start, end: start + n, punct: false });
        } else {
            out.push(Tok::new(msg, start, start + n, true));
        }
        start += n;
    }
    while start < end {
        let core = &msg[start..end];
        let c = core.chars().next_back().unwrap_or(' ');
        if !TRAILING.contains(&c) {
            break;
        }
        let lower = core.to_lowercase();
        if c == '.' && (lower.ends_with("a.m.") || lower.ends_with("p.m.")) {
            break;
        }
        let n = c.len_utf8();
        tail.push(Tok::new(msg, end - n, end, true));
        end -= n;
    }
    if start < end {
        split_core(msg, start, end, out);
    }
    out.extend(tail.into_iter().rev());
}

/// Splits "2-4pm", "mon-wed", "15-minute", "forty-five" and "3pm,tomorrow" into their parts; keeps "to-do",
/// "2026-03-11" and "follow-up" whole.
fn split_core(msg: &str, start: usize, end: usize, out: &mut Vec<Tok>) {
    let core = &msg[start..end];
    if let Some(comma) = core.find(',') {
        if comma > 0 && comma + 1 < core.len() {
            split_core(msg, start, start + comma, out);
            out.push(Tok::new(msg, start + comma, start + comma + 1, true));
            split_core(msg, start + comma + 1, end, out);
            return;
        }
    }
    let dashes: Vec<usize> = core.match_indices(['-', '–', '—']).map(|(i, _)| i).collect();
    if dashes.len() == 1 {
        let d = dashes[0];
        let dash_len = core[d..].chars().next().map_or(1, char::len_utf8);
        let (a, b) = (&core[..d], &core[d + dash_len..]);
        let (la, lb) = (a.to_lowercase(), b.to_lowercase());
        if !a.is_empty() && !b.is_empty() && splits_at_dash(&la, &lb) {
            out.push(Tok::new(msg, start, start + d, false));
            out.push(Tok {
                text: core[d..d + dash_len].into(),
                low: "-".into(),
                start: start + d,
                end: start + d + dash_len,
                punct: false,
            });
            out.push(Tok::new(msg, start + d + dash_len, end, false));
            return;
        }
    }
    out.push(Tok::new(msg, start, end, false));
}

/// A time written the continental way, as `H:MM`: "14h20", "11h15", "10H00" from 7h (before that, "1h30" stays a
/// duration), and an hour alone from 10 to 23 ("14h"; "2h" stays two hours).
fn continental(low: &str) -> Option<String> {
    let (h, m) = low.split_once('h')?;
    let hour: u32 =
        (!h.is_empty() && h.len() <= 2 && h.bytes().all(|b| b.is_ascii_digit())).then(|| h.parse().ok())??;
    if hour > 23 {
        return None;
    }
    if m.is_empty() {
        return (hour >= 10).then(|| format!("{hour}:00"));
    }
    (hour >= 7 && m.len() == 2 && m.bytes().all(|b| b.is_ascii_digit()) && m < "60").then(|| format!("{hour}:{m}"))
}

fn splits_at_dash(a: &str, b: &str) -> bool {
    // "1-1" is a one-to-one meeting, never a range of no length.
    if a == "1" && b == "1" {
        return false;
    }
    let timeish = |s: &str| {
        let clock = continental(s);
        let s = clock.as_deref().unwrap_or(s).trim_end_matches("am").trim_end_matches("pm");
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == ':' || c == '.')
    };
    let numword = |s: &str| super::vocab::number_word(s).is_some();
    let dayish = |s: &str| super::vocab::weekday(s).is_some() || super::vocab::month(s).is_some();
    let unit = |s: &str| super::vocab::duration_unit(s).is_some() || matches!(s, "day" | "days" | "week" | "weeks");
    // "3/16-3/17": two numeric dates.
    let slashed = |s: &str| s.contains('/') && s.chars().all(|c| c.is_ascii_digit() || c == '/');
    (timeish(a) && timeish(b))
        || (slashed(a) && slashed(b))
        || (dayish(a) && dayish(b))
        || (timeish(a) && (unit(b) || dayish(b)))
        || (numword(a) && (numword(b) || unit(b)))
        || (a.ends_with(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) && super::vocab::ordinal(b).is_some())
        || (super::vocab::ordinal(a).is_some() && super::vocab::ordinal(b).is_some())
        || matches!(b, "noon" | "midday" | "midnight")
        || matches!(a, "noon" | "midday")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lows(s: &str) -> Vec<String> {
        tokenize(s).into_iter().map(|t| t.low).collect()
    }

    #[test]
    fn keeps_words_and_splits_punctuation() {
        assert_eq!(lows("Coffee break, please!"), ["coffee", "break", ",", "please", "!"]);
        assert_eq!(lows("task: 'Review PR'"), ["task", ":", "'", "review", "pr", "'"]);
    }

    #[test]
    fn splits_ranges_at_the_dash() {
        assert_eq!(lows("2-4pm"), ["2", "-", "4pm"]);
        assert_eq!(lows("Mon-Wed"), ["mon", "-", "wed"]);
        assert_eq!(lows("a 15-minute break"), ["a", "15", "-", "minute", "break"]);
        assert_eq!(lows("to-do 2026-03-11 follow-up"), ["to-do", "2026-03-11", "follow-up"]);
        assert_eq!(lows("12:30–13:15"), ["12:30", "-", "13:15"]);
        assert_eq!(lows("3/16-3/17"), ["3/16", "-", "3/17"]);
    }

    #[test]
    fn reads_continental_times_as_clocks() {
        assert_eq!(lows("coffee 14h to 14h20"), ["coffee", "14:00", "to", "14:20"]);
        assert_eq!(lows("11h15 - 11h30"), ["11:15", "-", "11:30"]);
        assert_eq!(lows("9h50-10H00"), ["9:50", "-", "10:00"]);
        assert_eq!(lows("2h break 1h30"), ["2h", "break", "1h30"]);
        assert_eq!(lows("24h 9h75"), ["24h", "9h75"]);
    }

    #[test]
    fn normalises_meridiem_and_at_sign() {
        assert_eq!(lows("3 p.m. @noon 4P.M."), ["3", "pm", "at", "noon", "4pm"]);
        assert_eq!(lows("doctor’s"), ["doctor's"]);
    }

    #[test]
    fn offsets_point_into_the_message() {
        let msg = "Lunch  with Ana";
        for t in tokenize(msg) {
            assert_eq!(&msg[t.start..t.end], t.text);
        }
    }
}
