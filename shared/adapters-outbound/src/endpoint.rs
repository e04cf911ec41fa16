//! Which addresses the server may send to.
//!
//! Push endpoints come from browsers and webhook URLs from admins: both are addresses an outsider chooses, and the
//! server posts to them from inside its network. Without these rules a subscription could make the server call its
//! own admin ports, another tenant's private service or the cloud metadata service (which hands out credentials).
//! So an address is accepted only if it is `https` and every address its name resolves to is public; and because a
//! name can resolve to a public address when it is checked and to a private one when it is used (DNS rebinding),
//! the HTTP client resolves through [`PublicResolver`], which applies the same rule at connect time.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

/// Longest address accepted: push services' endpoints are a few hundred characters; anything far longer is junk.
const MAX_URL_LEN: usize = 2048;

/// How long a name may take to resolve while an address is checked.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Names of cloud metadata services. Their addresses are refused anyway (link-local, unique-local); the names are
/// refused too so that the answer does not depend on what a resolver inside some network says.
const METADATA_NAMES: &[&str] =
    &["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"];

/// What is accepted besides public https addresses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policy {
    /// Accept plain `http` and loopback addresses, so that local runs and tests can use a fake push service or
    /// webhook receiver on 127.0.0.1. Only with `DEV_ROUTES=1`, never on Lambda. Private, link-local and metadata
    /// addresses stay refused even then: a local test never needs them.
    pub allow_insecure: bool,
}

impl Policy {
    /// Public https addresses only: what production runs with.
    pub const STRICT: Policy = Policy { allow_insecure: false };
    /// Also plain http and loopback: local runs with `DEV_ROUTES=1`.
    pub const INSECURE_FOR_LOCAL_TESTS: Policy = Policy { allow_insecure: true };
}

/// Why an address was refused. The messages are written for the person who typed the address: an API answers them
/// as the field's message of a 422.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndpointError {
    #[error("Enter a valid address.")]
    Invalid,
    #[error("Use an https address.")]
    Insecure,
    #[error("Remove the user name and password from the address.")]
    Credentials,
    #[error("This address is not public.")]
    NotPublic,
    #[error("This address could not be resolved.")]
    Unresolvable,
}

impl EndpointError {
    /// A short form for a delivery log line, such as an admin page's "last error" of a hook.
    pub fn short(&self) -> &'static str {
        match self {
            EndpointError::Invalid => "address refused: not a valid address",
            EndpointError::Insecure => "address refused: not https",
            EndpointError::Credentials => "address refused: contains credentials",
            EndpointError::NotPublic => "address refused: not public",
            EndpointError::Unresolvable => "address could not be resolved",
        }
    }
}

/// Checks an address a user or admin gave, before it is stored: the rules of [`check_url`], and every address its
/// name resolves to now must be public.
///
/// A stored address is checked again at every send (by [`check_url`] and by the client's [`PublicResolver`]), since
/// what a name resolves to can change.
pub async fn check_endpoint(url: &str, policy: Policy) -> Result<Url, EndpointError> {
    let url = check_url(url, policy)?;
    if let Some(Host::Domain(name)) = url.host() {
        let port = url.port_or_known_default().unwrap_or(443);
        let addrs = resolve(name, port).await?;
        if addrs.is_empty() {
            return Err(EndpointError::Unresolvable);
        }
        if !addrs.iter().all(|a| ip_allowed(a.ip(), policy)) {
            return Err(EndpointError::NotPublic);
        }
    }
    Ok(url)
}

/// The part of [`check_endpoint`] that needs no name resolution: the scheme, no user info, a host, an IP literal
/// that is public, and no metadata name. Run before every send, because the HTTP client does not call its resolver
/// for an IP literal, so [`PublicResolver`] alone would let `https://10.0.0.1/` through.
pub fn check_url(url: &str, policy: Policy) -> Result<Url, EndpointError> {
    if url.len() > MAX_URL_LEN {
        return Err(EndpointError::Invalid);
    }
    let url = Url::parse(url.trim()).map_err(|_| EndpointError::Invalid)?;
    match url.scheme() {
        "https" => {}
        "http" if policy.allow_insecure => {}
        "http" => return Err(EndpointError::Insecure),
        _ => return Err(EndpointError::Invalid),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(EndpointError::Credentials);
    }
    // The URL parser has already read every IPv4 spelling (`0x7f.1`, `2130706433`) as the address it means.
    match url.host() {
        None => return Err(EndpointError::Invalid),
        Some(Host::Ipv4(ip)) if !ip_allowed(IpAddr::V4(ip), policy) => return Err(EndpointError::NotPublic),
        Some(Host::Ipv6(ip)) if !ip_allowed(IpAddr::V6(ip), policy) => return Err(EndpointError::NotPublic),
        Some(Host::Domain(name)) if is_metadata_name(name) => return Err(EndpointError::NotPublic),
        Some(_) => {}
    }
    Ok(url)
}

/// Whether the server may connect to `ip` under `policy`.
///
/// Refused: unspecified and "this network" (0.0.0.0/8, ::), loopback (unless `allow_insecure`), private
/// (10/8, 172.16/12, 192.168/16), shared CGNAT (100.64/10), link-local (169.254/16 with the metadata address
/// 169.254.169.254, fe80::/10), IETF protocol assignments (192.0.0/24, 2001::/23), the retired 6to4 relay anycast (192.88.99/24), documentation (192.0.2/24,
/// 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20), benchmarking (198.18/15), multicast, reserved and
/// broadcast (240/4), and every IPv6 address outside global unicast 2000::/3 (unique-local fc00::/7 with AWS's
/// metadata address fd00:ec2::254, site-local, multicast, NAT64, IPv4-compatible). IPv4-mapped (::ffff:a.b.c.d) and
/// 6to4 (2002::/16) addresses are judged by the IPv4 address they carry.
pub fn ip_allowed(ip: IpAddr, policy: Policy) -> bool {
    match ip {
        IpAddr::V4(v4) => ipv4_allowed(v4, policy),
        IpAddr::V6(v6) => ipv6_allowed(v6, policy),
    }
}

fn ipv4_allowed(ip: Ipv4Addr, policy: Policy) -> bool {
    if ip.is_loopback() {
        return policy.allow_insecure;
    }
    let [a, b, c, _] = ip.octets();
    let refused = a == 0
        || ip.is_private()
        || (a == 100 && (b & 0xc0) == 64)
        || ip.is_link_local()
        || (a == 192 && b == 0 && c == 0)
        || (a == 192 && b == 88 && c == 99)
        || ip.is_documentation()
        || (a == 198 && (b & 0xfe) == 18)
        || ip.is_multicast()
        || a >= 240;
    !refused
}

fn ipv6_allowed(ip: Ipv6Addr, policy: Policy) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return ipv4_allowed(v4, policy);
    }
    if ip.is_loopback() {
        return policy.allow_insecure;
    }
    let s = ip.segments();
    if s[0] & 0xe000 != 0x2000 {
        return false;
    }
    if s[0] == 0x2001 && s[1] < 0x0200 {
        return false;
    }
    if s[0] == 0x2001 && s[1] == 0x0db8 {
        return false;
    }
    if s[0] & 0xfff0 == 0x3ff0 {
        return false;
    }
    if s[0] == 0x2002 {
        let [a, b] = s[1].to_be_bytes();
        let [c, d] = s[2].to_be_bytes();
        return ipv4_allowed(Ipv4Addr::new(a, b, c, d), Policy::STRICT);
    }
    true
}

fn is_metadata_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    METADATA_NAMES.contains(&name.as_str())
}

async fn resolve(name: &str, port: u16) -> Result<Vec<SocketAddr>, EndpointError> {
    if is_metadata_name(name) {
        return Err(EndpointError::NotPublic);
    }
    match tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((name, port))).await {
        Ok(Ok(addrs)) => Ok(addrs.collect()),
        Ok(Err(_)) | Err(_) => Err(EndpointError::Unresolvable),
    }
}

/// The HTTP client's resolver: resolves with the system resolver and keeps only the addresses [`ip_allowed`]
/// accepts, failing when none is left. This is what stops DNS rebinding: the address connected to is the one
/// checked, whatever the name said when the address was stored.
#[derive(Debug, Clone, Copy)]
pub struct PublicResolver {
    policy: Policy,
}

impl PublicResolver {
    pub fn new(policy: Policy) -> PublicResolver {
        PublicResolver { policy }
    }
}

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy;
        Box::pin(async move {
            // Port 0: the connector puts the URL's port on each address.
            let addrs = resolve(name.as_str(), 0).await.map_err(Refused)?;
            let allowed: Vec<SocketAddr> = addrs.into_iter().filter(|a| ip_allowed(a.ip(), policy)).collect();
            if allowed.is_empty() {
                tracing::warn!(host = name.as_str(), "refused to connect: the name resolves to no public address");
                return Err(Box::new(Refused(EndpointError::NotPublic)) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

/// The resolver's refusal, found again in a failed request's error chain to say why it failed.
#[derive(Debug, thiserror::Error)]
#[error("{}", .0.short())]
pub(crate) struct Refused(pub(crate) EndpointError);
