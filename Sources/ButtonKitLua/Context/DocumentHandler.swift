import ButtonKit

/// One `doc:on(selector, fn)`: the controls it was attached to and the
/// model's token on each, so `doc:off` removes it from all of them.
struct DocumentHandler {
    struct Connection {
        weak var control: Button?
        let token: HandlerToken
    }
    let connections: [Connection]
}
