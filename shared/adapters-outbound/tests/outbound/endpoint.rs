use bt_adapters_outbound::{check_endpoint, EndpointError, Policy};

const STRICT: Policy = Policy::STRICT;
const LOCAL: Policy = Policy::INSECURE_FOR_LOCAL_TESTS;

/// Accepted (`Ok`) or refused with this error.
type Expected = Result<(), EndpointError>;

#[tokio::test]
async fn addresses_are_refused_or_accepted_as_the_rules_say() {
    use EndpointError::*;
    // (url, answer without DEV_ROUTES, answer with DEV_ROUTES)
    let table: &[(&str, Expected, Expected)] = &[
        // Public IP literals over https: accepted either way.
        ("https://93.184.215.14/push/abc", Ok(()), Ok(())),
        ("https://[2606:4700:4700::1111]/hook", Ok(()), Ok(())),
        ("https://8.8.8.8:8443/x?y=1", Ok(()), Ok(())),
        // Plain http: only for local tests.
        ("http://93.184.215.14/push", Err(Insecure), Ok(())),
        ("ftp://93.184.215.14/", Err(Invalid), Err(Invalid)),
        ("file:///etc/passwd", Err(Invalid), Err(Invalid)),
        ("not a url", Err(Invalid), Err(Invalid)),
        ("https://", Err(Invalid), Err(Invalid)),
        // Loopback, in every spelling: only for local tests.
        ("https://127.0.0.1/", Err(NotPublic), Ok(())),
        ("http://127.0.0.1:8080/", Err(Insecure), Ok(())),
        ("https://127.1/", Err(NotPublic), Ok(())),
        ("https://2130706433/", Err(NotPublic), Ok(())),
        ("https://0x7f000001/", Err(NotPublic), Ok(())),
        ("https://[::1]/", Err(NotPublic), Ok(())),
        ("https://[::ffff:127.0.0.1]/", Err(NotPublic), Ok(())),
        ("https://localhost/", Err(NotPublic), Ok(())),
        ("http://localhost:3000/hook", Err(Insecure), Ok(())),
        ("https://LOCALHOST/", Err(NotPublic), Ok(())),
        // Unspecified.
        ("https://0.0.0.0/", Err(NotPublic), Err(NotPublic)),
        ("https://0/", Err(NotPublic), Err(NotPublic)),
        ("https://[::]/", Err(NotPublic), Err(NotPublic)),
        // Private, CGNAT, link-local, unique-local: refused even for local tests.
        ("https://10.0.0.1/", Err(NotPublic), Err(NotPublic)),
        ("https://172.16.5.4/", Err(NotPublic), Err(NotPublic)),
        ("https://172.31.255.255/", Err(NotPublic), Err(NotPublic)),
        ("https://192.168.1.1/", Err(NotPublic), Err(NotPublic)),
        ("https://100.64.0.1/", Err(NotPublic), Err(NotPublic)),
        ("https://100.127.255.254/", Err(NotPublic), Err(NotPublic)),
        ("https://169.254.1.1/", Err(NotPublic), Err(NotPublic)),
        ("https://[fe80::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[fc00::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[fd12:3456::1]/", Err(NotPublic), Err(NotPublic)),
        // Next to the private ranges but public.
        ("https://172.32.0.1/", Ok(()), Ok(())),
        ("https://100.128.0.1/", Ok(()), Ok(())),
        ("https://11.0.0.1/", Ok(()), Ok(())),
        // Cloud metadata, by address and by name.
        ("https://169.254.169.254/latest/meta-data/", Err(NotPublic), Err(NotPublic)),
        ("http://169.254.169.254/latest/meta-data/", Err(Insecure), Err(NotPublic)),
        ("https://[fd00:ec2::254]/", Err(NotPublic), Err(NotPublic)),
        ("https://metadata.google.internal/computeMetadata/v1/", Err(NotPublic), Err(NotPublic)),
        ("https://metadata/", Err(NotPublic), Err(NotPublic)),
        ("https://Metadata.Google.Internal./", Err(NotPublic), Err(NotPublic)),
        // IPv4-mapped and 6to4 forms of refused addresses.
        ("https://[::ffff:10.0.0.1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[::ffff:169.254.169.254]/", Err(NotPublic), Err(NotPublic)),
        ("https://[::ffff:192.168.0.1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[::ffff:8.8.8.8]/", Ok(()), Ok(())),
        ("https://[2002:a00:1::]/", Err(NotPublic), Err(NotPublic)),
        ("https://[64:ff9b::a00:1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[::10.0.0.1]/", Err(NotPublic), Err(NotPublic)),
        // Multicast, broadcast, reserved, documentation, benchmarking.
        ("https://224.0.0.1/", Err(NotPublic), Err(NotPublic)),
        ("https://255.255.255.255/", Err(NotPublic), Err(NotPublic)),
        ("https://240.0.0.1/", Err(NotPublic), Err(NotPublic)),
        ("https://[ff02::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://192.0.2.1/", Err(NotPublic), Err(NotPublic)),
        ("https://198.51.100.7/", Err(NotPublic), Err(NotPublic)),
        ("https://203.0.113.9/", Err(NotPublic), Err(NotPublic)),
        ("https://198.18.0.1/", Err(NotPublic), Err(NotPublic)),
        ("https://192.0.0.8/", Err(NotPublic), Err(NotPublic)),
        ("https://192.88.99.1/", Err(NotPublic), Err(NotPublic)),
        ("https://[2002:c058:6301::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[2001:db8::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[3fff::1]/", Err(NotPublic), Err(NotPublic)),
        ("https://[2001::1]/", Err(NotPublic), Err(NotPublic)),
        // User info: refused (it would be sent as a Basic credential, and it hides the real host from a reader).
        ("https://user:pass@93.184.215.14/", Err(Credentials), Err(Credentials)),
        ("https://93.184.215.14@127.0.0.1/", Err(Credentials), Err(Credentials)),
        ("https://user@93.184.215.14/", Err(Credentials), Err(Credentials)),
    ];
    let mut wrong = Vec::new();
    for (url, strict, local) in table {
        let got_strict = check_endpoint(url, STRICT).await.map(|_| ());
        let got_local = check_endpoint(url, LOCAL).await.map(|_| ());
        if got_strict != *strict {
            wrong.push(format!("{url} without DEV_ROUTES: {got_strict:?}, expected {strict:?}"));
        }
        if got_local != *local {
            wrong.push(format!("{url} with DEV_ROUTES: {got_local:?}, expected {local:?}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn the_messages_suit_a_form_field() {
    assert_eq!(check_endpoint("http://93.184.215.14/", STRICT).await.unwrap_err().to_string(), "Use an https address.");
    assert_eq!(
        check_endpoint("https://10.1.2.3/", STRICT).await.unwrap_err().to_string(),
        "This address is not public."
    );
    // `.invalid` never resolves (RFC 6761), with or without a network.
    assert_eq!(
        check_endpoint("https://push.example.invalid/", STRICT).await.unwrap_err().to_string(),
        "This address could not be resolved."
    );
}

#[tokio::test]
async fn an_accepted_address_is_returned_parsed() {
    let url = check_endpoint("https://93.184.215.14:8443/wpush/v2/abc?x=1", STRICT).await.unwrap();
    assert_eq!(url.as_str(), "https://93.184.215.14:8443/wpush/v2/abc?x=1");
}
